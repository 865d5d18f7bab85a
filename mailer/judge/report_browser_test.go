package judge

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/smtpout"
)

// chromium finds a headless-capable Chromium, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium found: install Debian's chromium package (apt-get install -y chromium, as .ci/run does) to run the browser layout test")
	return ""
}

// probe is added to the report's HTML for the test only: once the page
// has loaded it sends what it measured to the frame around it (see
// frame), which writes it into its own page for --dump-dom to print.
const probe = `<script>
window.addEventListener('load', function () {
  var d = document.documentElement, img = document.querySelector('img');
  var wide = [];
  document.querySelectorAll('body *').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.right > window.innerWidth + 0.5) wide.push(e.tagName + ':' + (e.textContent || '').slice(0, 40));
  });
  parent.postMessage('PROBE scroll=' + d.scrollWidth + ' inner=' + window.innerWidth +
    ' img=' + (img ? (img.complete && img.naturalWidth > 0 ? 'loaded' : 'broken') : 'none') +
    ' wide=' + wide.slice(0, 3).join('|') + ' END', '*');
});
</script>`

// frame shows the report in a frame of a given width: a headless
// browser window cannot be narrower than 500 px, a frame can, and the
// report inside sees exactly that width, as on a phone.
const frame = `<!DOCTYPE html><html><body style="margin:0">
<div id="out"></div>
<iframe src="report.html" style="display:block; border:0; width:%dpx; height:900px"></iframe>
<script>
window.addEventListener('message', function (e) { document.getElementById('out').textContent = e.data; });
</script>
</body></html>`

var probeLine = regexp.MustCompile(`PROBE scroll=(\d+) inner=(\d+) img=(\w+) wide=(.*?) END`)

// TestReportLayoutInBrowser renders each golden report's HTML in headless
// Chromium at a phone's 360 px and a desktop's 1024 px, with the map
// picture as a mail client would resolve its cid: link, and fails if
// anything overflows the page sideways or the map does not load.
func TestReportLayoutInBrowser(t *testing.T) {
	bin := chromium(t)
	for _, f := range goldenReports(t) {
		for _, lang := range []string{"en", i18n.Languages[1]} {
			_, html, m := f.render(t, lang)
			require.Len(t, m.Parts, 1)
			png, err := smtpout.PartData(m.Parts[0])
			require.NoError(t, err)
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "map.png"), png, 0o644))
			page := strings.ReplaceAll(html, "cid:"+m.Parts[0].ContentID, "map.png")
			page = strings.Replace(page, "</body>", probe+"</body>", 1)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "report.html"), []byte(page), 0o644))
			for _, width := range []int{360, 1024} {
				file := filepath.Join(dir, "frame"+strconv.Itoa(width)+".html")
				require.NoError(t, os.WriteFile(file, []byte(fmt.Sprintf(frame, width)), 0o644))
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				cmd := exec.CommandContext(ctx, bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
					"--user-data-dir="+filepath.Join(dir, "profile"), "--window-size="+strconv.Itoa(width+100)+",1000",
					"--virtual-time-budget=5000", "--dump-dom", "file://"+file)
				out, err := cmd.Output()
				cancel()
				require.NoError(t, err, "chromium failed")
				p := probeLine.FindStringSubmatch(string(out))
				require.NotNil(t, p, "the page's probe did not run:\n%s", clip(string(out), 500))
				t.Logf("%s %s at %d px: scrollWidth %s, innerWidth %s, map %s", f.name, lang, width, p[1], p[2], p[3])
				require.Equal(t, strconv.Itoa(width), p[2], "the viewport is %d px", width)
				require.LessOrEqual(t, mustAtoi(t, p[1]), mustAtoi(t, p[2]), "%s %s at %d px: the page overflows sideways: %s", f.name, lang, width, p[4])
				require.Equal(t, "loaded", p[3], "%s %s at %d px: the map picture did not load", f.name, lang, width)
			}
		}
	}
}

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
