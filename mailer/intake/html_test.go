package intake

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHTMLToText(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain text", "card: 3", "card: 3\n"},
		{"br and divs", "<div>secret: tok</div><div>card: 3<br>check</div>", "secret: tok\ncard: 3\ncheck\n"},
		{"gmail blank line", "<div>a</div><div><br></div><div>b</div>", "a\n\nb\n"},
		{"paragraphs", "<p>a</p><p>b</p>", "a\nb\n"},
		{"whitespace collapse", "<p>move   Calais\n  -&gt;\tKent</p>", "move Calais -> Kent\n"},
		{"entities", "<p>&lt;b&gt; &amp; &quot;x&quot; &eacute; &#8226; &#x2013;</p>", "<b> & \"x\" é • –\n"},
		{"nbsp", "<p>move&nbsp;Calais&nbsp;-&gt;&nbsp;Kent</p><p>&nbsp;</p><p>x</p>", "move Calais -> Kent\nx\n"},
		{"script and style", "<style>p{color:red}</style><script>alert(1)</script><p>card: 3</p>", "card: 3\n"},
		{"head", "<html><head><title>T</title><meta charset=utf-8></head><body>card: 3</body></html>", "card: 3\n"},
		{"hidden", "<div style=\"display: none\">preheader</div><span hidden>x</span><p>card: 3</p>", "card: 3\n"},
		{"blockquote", "<div>card: 3</div><blockquote>old<br>report<blockquote>older</blockquote></blockquote><div>after</div>",
			"card: 3\n> old\n> report\n> > older\nafter\n"},
		{"blockquote blank", "<blockquote>a<br><br>b</blockquote>", "> a\n>\n> b\n"},
		{"pre", "<pre>move A -&gt; B\n  keep  spaces\n</pre>", "move A -> B\n  keep  spaces\n"},
		{"list", "<ul><li>move A -&gt; B</li><li>move C -&gt; D</li></ul>", "move A -> B\nmove C -> D\n"},
		{"table", "<table><tr><td>move</td><td>A -&gt; B</td></tr><tr><td>x</td></tr></table>", "move A -> B\nx\n"},
		{"inline tags", "<p>mo<b>ve</b> <i>A</i> -&gt; <a href=\"x\">B</a><img src=x alt=y></p>", "move A -> B\n"},
		{"unclosed", "<div>card: 3<div>check", "card: 3\ncheck\n"},
		{"stray end tags", "</blockquote></pre></div>card: 3</br>x", "card: 3\nx\n"},
		{"head never closed", "<head><title>x</title><body>card: 3", "card: 3\n"},
		{"gmail signature", "<div>card: 3</div><div class=\"gmail_signature\">Anne<br>York</div>", "card: 3\n--\nAnne\nYork\n"},
		{"outlook web reply", "<div>card: 3</div><hr><div id=\"divRplyFwdMsg\"><b>Von:</b> pbem</div><div>old</div>",
			"card: 3\n" + outlookSeparator + "\nVon: pbem\nold\n"},
		{"zero width", "<p>\ufeffcard:\u200b 3</p>", "card: 3\n"},
		{"conditional comment", "<!--[if mso]><p>hidden</p><![endif]--><p>card: 3</p>", "card: 3\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, HTMLToText(tc.in))
		})
	}
}

func TestHTMLToTextExtract(t *testing.T) {
	// An HTML-only Gmail reply extracts like its plain-text twin.
	html := `<div dir="ltr">secret: tok<div>card: 3</div></div><br><div class="gmail_quote">` +
		`<div dir="ltr" class="gmail_attr">On Tue, 25 Nov 2026 at 18:00, pbem &lt;orders+roses-7@club.example&gt; wrote:<br></div>` +
		`<blockquote class="gmail_quote">YOUR HAND<br>secret: ••••<br>card: 1</blockquote></div>`
	o := Extract(HTMLToText(html))
	assert.Equal(t, "tok", o.Secret)
	assert.Equal(t, []string{"card: 3"}, texts(o.Lines))
	assert.NotZero(t, o.Cut)

	// Thunderbird HTML: attribution in moz-cite-prefix, quote in blockquote.
	html = `<p>card: 3<br></p><div class="moz-cite-prefix">On 11/25/26 6:00 PM, pbem wrote:<br></div>` +
		`<blockquote type="cite" cite="mid:r2@club.example">card: 1</blockquote>`
	o = Extract(HTMLToText(html))
	assert.Equal(t, []string{"card: 3"}, texts(o.Lines))

	// Deeply nested markup does not blow the stack.
	deep := strings.Repeat("<div><blockquote>", 20000) + "x" + strings.Repeat("</blockquote></div>", 20000)
	out := HTMLToText(deep)
	assert.True(t, strings.HasSuffix(out, "> x\n"))
	assert.Empty(t, Extract(out).Lines)
}
