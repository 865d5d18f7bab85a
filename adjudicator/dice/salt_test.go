package dice

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSaltHidesOrdersAndIsFixed(t *testing.T) {
	key := SecretAt(make([]byte, 32), 10, 3)
	e := Entry{Role: "york", Kind: "orders", Lines: []string{"card 3"}}
	s1, err := Salted(key, e)
	require.NoError(t, err)
	s2, err := Salted(key, e)
	require.NoError(t, err)
	require.Equal(t, s1, s2, "the salt is a function of the key and the entry: nobody chooses it")
	other, _ := Salted(key, Entry{Role: "york", Kind: "orders", Lines: []string{"card 4"}})
	require.NotEqual(t, s1.Entropy, other.Entropy)
	back, salt := SplitSalt(s1)
	require.Equal(t, e, back)
	require.Contains(t, salt, SaltPrefix)
	// Without the hidden key, guessing the orders from two digests fails.
	var d0 Digest
	d1, err := d0.Next(s1)
	require.NoError(t, err)
	guess, err := d0.Next(e)
	require.NoError(t, err)
	require.NotEqual(t, d1, guess)
}
