package dice

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pbem/pbem/adjudicator"
)

func TestSplitEntropy(t *testing.T) {
	in := []adjudicator.Line{
		{No: 1, Text: "card 3"},
		{No: 2, Text: "Entropy: my cat walked on the keyboard"},
		{No: 3, Text: "entropy 12345"},
		{No: 4, Text: "ENTROPY"},
		{No: 5, Text: "entropyx is not entropy"},
		{No: 6, Text: "move a -> b"},
	}
	orders, entropy := SplitEntropy(in)
	assert.Equal(t, []adjudicator.Line{in[0], in[4], in[5]}, orders)
	assert.Equal(t, []string{"my cat walked on the keyboard", "12345", ""}, entropy)
	o, e := SplitEntropy(nil)
	assert.Empty(t, o)
	assert.Empty(t, e)
}
