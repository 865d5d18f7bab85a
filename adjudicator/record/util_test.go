package record

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
