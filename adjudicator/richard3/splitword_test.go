package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fieldsSplitWord is the plain definition splitWord must agree with.
func fieldsSplitWord(s, w string) []string {
	f := strings.Fields(s)
	var out []string
	var cur []string
	for _, x := range f {
		if strings.EqualFold(x, w) {
			out = append(out, strings.Join(cur, " "))
			cur = nil
			continue
		}
		cur = append(cur, x)
	}
	return append(out, strings.Join(cur, " "))
}

func TestSplitWordAgreesWithFields(t *testing.T) {
	for _, in := range []string{"", " ", "a at b", "  a   at  b c ", "at", "x AT y at z", "Prince Edward at Middlesex", "a\tat\nb", "ato at", "a  b at c\t d", " on Warwick", "Kent on Warwick", "é at ü  x"} {
		for _, w := range []string{"at", "on", "to"} {
			assert.Equal(t, fieldsSplitWord(in, w), splitWord(in, w), "%q %q", in, w)
		}
	}
}
