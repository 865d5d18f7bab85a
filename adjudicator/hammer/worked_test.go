package hammer

import (
	"os"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWorkedExampleEmails replays the emails of
// docs/games/hammer-of-the-scots.md: a full Braveheart turn by email, a
// battle fought on standing orders, a rejected email and a winter
// exchange.
func TestWorkedExampleEmails(t *testing.T) {
	verbose := os.Getenv("HAMMER_SHOW") != ""
	show := func(title string, parts ...string) {
		if verbose {
			t.Logf("==== %s\n%s", title, strings.Join(parts, "\n"))
		}
	}
	d := testdice.New(1297)
	st, err := Game{}.Setup("braveheart", nil, d)
	require.NoError(t, err)
	s := st.(*St)
	// the example's hands (the deal is random in a real game)
	hands(s, []string{"move3_1", "move2_1", "move2_2", "move1_1", "herald"},
		[]string{"move2_3", "move2_4", "move1_2", "pillage", "truce"})
	show("england view", s.View(RoleEngland).Text())
	show("scotland view", s.View(RoleScotland).Text())
	for _, p := range s.Prompts() {
		show("prompt "+string(p.Role), p.Text, strings.Join(p.Template, "\n"))
	}
	// 1. both play a card
	s, _ = apply(t, s, d, RoleEngland, "card 3")
	s, res := apply(t, s, d, RoleScotland, "card 2")
	show("after cards", eventText(res, RoleScotland))
	assert.Contains(t, eventText(res, RoleScotland), "England plays Move 3, Scotland plays Move 2. England is Player 1.")
	// 2. England (Player 1) moves
	eng := []string{
		"move Mentieth -> Fife: all",
		"move England -> Dunbar -> Lothian: " + levyNames(s, 2),
		"battles Fife",
		"battle Fife: retreat to Mentieth when weaker",
	}
	show("england moves", eng...)
	s, res = apply(t, s, d, RoleEngland, eng...)
	show("after english moves (scotland)", eventText(res, RoleScotland))
	show("scotland view", s.View(RoleScotland).Text())
	// 3. a rejected email from Scotland
	bad := []string{
		"move Fife -> Mentieth: Wallace",
		"move Moray -> Strathspey -> Buchan: Fraser",
		"mvoe Strathspey -> Buchan: Grant",
	}
	ns, _, err := s.Apply(sub(RoleScotland, bad...), d)
	require.Nil(t, ns)
	rej := err.(*adjudicator.Rejection)
	var rt []string
	for _, p := range rej.Problems {
		rt = append(rt, "line "+itoa(p.Line.No)+": "+p.Line.Text+"\n  "+p.Reason+"\n  legal: "+strings.Join(p.Legal, "; "))
	}
	show("rejected", rt...)
	require.Len(t, rej.Problems, 2)
	assert.Contains(t, rej.Problems[0].Reason, "may not cross the border the enemy attacked by")
	assert.Contains(t, rej.Problems[1].Reason, "unknown order")
	// 4. the corrected email, with standing battle orders
	scot := []string{
		"move Moray -> Strathspey -> Buchan: Fraser",
		"move Strathspey -> Buchan: Grant",
		"battle Fife: retreat to Atholl when down to 1 blocks",
		"hits Fife: Barclay, Douglas",
		"regroup Buchan: all -> Strathspey",
	}
	show("scotland moves", scot...)
	s, res = apply(t, s, d, RoleScotland, scot...)
	show("battle report (scotland)", eventText(res, RoleScotland))
	show("battle report (england)", eventText(res, RoleEngland))
	assert.Contains(t, eventText(res, RoleEngland), "Battle of Fife: England attacks, Scotland defends.")
	assert.Contains(t, eventText(res, RoleEngland), "Battle of Buchan: Scotland attacks, England defends.")
	assert.Contains(t, eventText(res, RoleEngland), "Battle of Fife: Mentieth noble retreats to Mentieth")
	// H-5.5b (AMB-24): the enemy learns where a block retreated, not which block.
	assert.Contains(t, eventText(res, RoleScotland), "Battle of Fife: one of England's blocks retreats to Mentieth")
	assert.Contains(t, eventText(res, RoleEngland), "Battle of Buchan: one of Scotland's blocks retreats to Strathspey")
	assert.Contains(t, eventText(res, RoleEngland), "Round 2  reserves arrive: Grant (Scotland C2 3)")
	require.NoError(t, s.Check())
	show("england view after turn", s.View(RoleEngland).Text())
	// 5. the rest of the year on deadline defaults, then winter
	for s.Phase < PhWHomes && !s.Fin {
		p := s.Prompts()[0]
		ns, _, err := s.Apply(*s.Default(p.Role), d)
		require.NoError(t, err)
		s = ns.(*St)
	}
	require.False(t, s.Fin)
	for _, p := range s.Prompts() {
		show("winter prompt "+string(p.Role), p.Text, strings.Join(p.Choices, "\n"))
	}
	require.Equal(t, PhWHomes, int(s.Phase), s.label())
	s, _ = apply(t, s, d, RoleEngland, "home Comyn Badenoch")
	s, res = apply(t, s, d, RoleScotland, "home Bruce Annan", "moray stay")
	show("after homes", eventText(res, RoleScotland))
	p := s.Prompts()[0]
	show("winter england prompt", p.Text, strings.Join(p.Template, "\n"))
	eng = append([]string{"edward disband"}, p.Template...)
	show("england winter email", eng...)
	s, res = apply(t, s, d, RoleEngland, eng...)
	show("after english winter", eventText(res, RoleScotland))
	p = s.Prompts()[0]
	show("winter scotland prompt", p.Text, strings.Join(p.Template, "\n"))
	win := []string{"wallace selkirk", "draw Moray +1", "step Fraser +2"}
	show("scotland winter email", win...)
	s, res = apply(t, s, d, RoleScotland, win...)
	show("after scottish winter (scotland)", eventText(res, RoleScotland))
	show("after scottish winter (england)", eventText(res, RoleEngland))
	show("scotland view 1298", s.View(RoleScotland).Text())
	assert.Contains(t, eventText(res, RoleScotland), "Replacements: Etterick drawn in Moray at 2; Fraser +2.")
	assert.Contains(t, eventText(res, RoleScotland), "Feudal levy: 7 English blocks muster in England.")
	assert.NotContains(t, eventText(res, RoleScotland), "King Edward")
	assert.Contains(t, eventText(res, RoleEngland), "Feudal levy: Lancaster Archers, King Edward, Lancaster Knights, Durham Infantry, York Knights, Wales Archers, Ulster Infantry.")
	assert.Equal(t, int16(1298), s.Year)
	assert.Equal(t, PhCard, int(s.Phase))
	require.NoError(t, s.Check())
}

// levyNames names n English blocks in England.
func levyNames(s *St, n int) string {
	var out []string
	for b := 0; b < NB && len(out) < n; b++ {
		if blocks[b].Side == England && s.Loc[b] == AreaEngland {
			out = append(out, blocks[b].Label)
		}
	}
	return strings.Join(out, ", ")
}
