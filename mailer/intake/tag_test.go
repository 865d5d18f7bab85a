package intake

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGameTag(t *testing.T) {
	cases := []struct {
		subject string
		to      []string
		want    string
	}{
		{"[roses-7] York — turn 2", nil, "roses-7"},
		{"Re: [roses-7] York — turn 2", nil, "roses-7"},
		{"RE: [External] RE: [Roses-7] York", nil, "roses-7"},
		{"AW: WG: [EXT] [hots_3] Zug 2", nil, "hots_3"},
		{"Fwd: Re[2]: [his-1] turn", nil, "his-1"},
		{"Re [3]: [his-1] turn", nil, "his-1"},
		{"[SPAM] [Caution] [crecy] orders", nil, "crecy"},
		{"orders for [ roses-7 ] please", nil, "roses-7"},
		{"[1/2] [not an id] [roses-7]", nil, "roses-7"},
		{"my orders", []string{"orders+roses-7@club.example"}, "roses-7"},
		{"my orders", []string{"gm@club.example", "Orders+Roses-7@Club.Example"}, "roses-7"},
		{"my orders", []string{"pbem <orders+roses-7@club.example>"}, "roses-7"},
		{"[roses-7] x", []string{"orders+hots-2@club.example"}, "roses-7"},
		{"my orders", []string{"orders@club.example"}, ""},
		{"my orders", []string{"orders+@club.example", "orders+bad.tag@club.example"}, ""},
		{"", nil, ""},
		{"[unterminated", nil, ""},
		{"[]", nil, ""},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, GameTag(tc.subject, tc.to), "%q %v", tc.subject, tc.to)
	}
	assert.Equal(t, []string{"draft", "roses-7"},
		GameTags("orders [draft]", []string{"orders+roses-7@club.example", "orders+ROSES-7@club.example"}))
	assert.Equal(t, "", GameTag("["+longID()+"]", nil))
}

func longID() string {
	b := make([]byte, maxIDLen+1)
	for i := range b {
		b[i] = 'a'
	}
	return string(b)
}

func TestSubjectCheck(t *testing.T) {
	cases := map[string]bool{
		"Re: [roses-7] check":                 true,
		"CHECK: [roses-7] orders":             true,
		"[roses-7] York (check only)":         true,
		"Re: [roses-7] York — turn 2":         false,
		"[check-3] York":                      false,
		"[roses-7] checking my orders":        false,
		"[roses-7] spellcheck":                false,
		"":                                    false,
		"Re: [roses-7] check, please [draft]": true,
	}
	for subject, want := range cases {
		assert.Equal(t, want, SubjectCheck(subject), subject)
	}
}

// manyTags is a subject made of n distinct bracketed tags.
func manyTags(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[t%d]", i)
	}
	return b.String()
}

func TestGameTagsAreBounded(t *testing.T) {
	to := []string{"orders+roses-7@club.example"}
	tags := GameTags(manyTags(100000), to)
	assert.Len(t, tags, MaxGameTags, "a subject full of tags yields a bounded list")
	assert.Equal(t, "t0", tags[0])
	// The plus-address still counts when the subject has a few tags.
	assert.Equal(t, []string{"a", "b", "roses-7"}, GameTags("[a] [b]", to))
}
