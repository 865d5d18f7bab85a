package richard3

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// docPath is the worked example for players.
const docPath = "../../docs/games/richard-iii.md"

var fence = regexp.MustCompile("(?s)```([a-z]+)(?: ([a-z]+))?\n(.*?)```")

// renderProblems shows a rejection as the reply email lists it.
func renderProblems(rej *adjudicator.Rejection) string {
	var b strings.Builder
	for _, p := range rej.Problems {
		if p.Line.No > 0 {
			b.WriteString("line " + itoa(p.Line.No) + ": " + p.Line.Text + "\n")
		}
		b.WriteString("  " + p.Reason + "\n")
		if len(p.Legal) > 0 {
			b.WriteString("  legal: " + strings.Join(p.Legal, "; ") + "\n")
		}
	}
	return b.String()
}

func itoa(n int) string {
	const d = "0123456789"
	if n < 10 {
		return d[n : n+1]
	}
	return itoa(n/10) + d[n%10:n%10+1]
}

// renderPrompt shows what a role owes, as the report's last part.
func renderPrompt(s *State, r adjudicator.Role) string {
	var b strings.Builder
	for _, p := range s.Prompts() {
		if p.Role != r {
			continue
		}
		b.WriteString("YOU OWE (" + p.Kind + "): " + p.Text + "\n---- reply ----\n")
		for _, l := range p.Template {
			b.WriteString(l + "\n")
		}
		b.WriteString("----\n")
	}
	return b.String()
}

// TestWorkedExampleEmails replays the worked example of
// docs/games/richard-iii.md: every orders block is sent as an email and
// every report, view, prompt and rejection shown there must match what the
// engine produces. Run with R3_WRITE_DOC=1 to rewrite the output blocks.
// Rules: R3-6.1a R3-6.81a R3-6.82c R3-7.1a R3-5.31a R3-6.9b R3-6.6b R3-1.3.
func TestWorkedExampleEmails(t *testing.T) {
	raw, err := os.ReadFile(docPath)
	require.NoError(t, err)
	doc := string(raw)
	write := os.Getenv("R3_WRITE_DOC") == "1"
	d := testdice.New(9)
	st, err := Game{}.Setup("", nil, d)
	require.NoError(t, err)
	s := st.(*State)
	var last *adjudicator.Result
	var lastRej *adjudicator.Rejection
	var out strings.Builder
	pos := 0
	blocks := 0
	for _, m := range fence.FindAllStringSubmatchIndex(doc, -1) {
		kind := doc[m[2]:m[3]]
		role := ""
		if m[4] >= 0 {
			role = doc[m[4]:m[5]]
		}
		body := doc[m[6]:m[7]]
		r := adjudicator.Role(role)
		var got string
		isOutput := true
		switch kind {
		case "orders", "rejected":
			isOutput = false
			var ls []adjudicator.Line
			n := 0
			for _, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
				n++
				if t := strings.TrimSpace(stripComment(l)); t != "" {
					ls = append(ls, adjudicator.Line{No: n, Text: t})
				}
			}
			ns, res, err := s.Apply(adjudicator.Submission{Role: r, Lines: ls}, d)
			if kind == "rejected" {
				require.Error(t, err, "block %d should be rejected", blocks)
				lastRej = err.(*adjudicator.Rejection)
			} else {
				require.NoError(t, err, "block %d (%s) rejected", blocks, role)
				s = ns.(*State)
				require.NoError(t, s.Check())
				last = res
			}
		case "problems":
			got = renderProblems(lastRej)
		case "report":
			got = eventsText(last, r)
		case "view":
			got = s.View(r).Text()
		case "prompt":
			got = renderPrompt(s, r)
		default:
			isOutput = false
		}
		blocks++
		out.WriteString(doc[pos:m[6]])
		if isOutput {
			if write {
				out.WriteString(got)
			} else {
				require.Equal(t, got, body, "block %d (%s %s) differs from the engine", blocks, kind, role)
				out.WriteString(body)
			}
		} else {
			out.WriteString(body)
		}
		pos = m[7]
	}
	out.WriteString(doc[pos:])
	require.Greater(t, blocks, 10)
	if write {
		require.NoError(t, os.WriteFile(docPath, []byte(out.String()), 0o644))
	}
}

func stripComment(l string) string {
	if i := strings.Index(l, "#"); i >= 0 {
		return l[:i]
	}
	return l
}
