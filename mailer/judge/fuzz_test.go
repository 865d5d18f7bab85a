package judge

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
	"github.com/pbem/pbem/templates"
	"github.com/stretchr/testify/require"
)

// fuzzWorld is a store with two test games sharing a player:
//
//	duel-test-1:    north alice@example.org (alias alice@home.example),
//	                south bob@example.org, GM gm@example.org
//	council-test-1: red alice@example.org, blue carol@example.org,
//	                green dan@example.org, GM gm2@example.org
//
// In a fuzzed email, {duel:north}, {council:gm} and the like stand for the
// seats' secrets, so that the seeds reach the accepted paths.
type fuzzWorld struct {
	j       *Judge
	db      *store.DB
	secrets map[string]string // "{duel:north}" -> secret
	owner   map[string]string // secret -> the seat's address
}

func newFuzzWorld(t testing.TB) *fuzzWorld {
	return openFuzzWorld(t, filepath.Join(t.TempDir(), "pbem.db"), nil)
}

// fuzzTemplates is parsed once: parsing the templates costs more than
// handling an email.
var fuzzTemplates = sync.OnceValue(templates.Builtin)

func fuzzOptions() Options {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	return Options{Domain: "club.example", OrdersAddress: "orders@club.example", RatePerHour: 5,
		Now: func() time.Time { return now }, Templates: fuzzTemplates()}
}

// openFuzzWorld opens the store at path; with base nil it creates the two
// games there, otherwise the store is a copy of base's and keeps its
// secrets.
func openFuzzWorld(t testing.TB, path string, base *fuzzWorld) *fuzzWorld {
	db, err := store.Open(path, store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	w := &fuzzWorld{db: db, secrets: map[string]string{}, owner: map[string]string{}}
	w.j = New(db, fuzzOptions())
	if base != nil {
		w.secrets, w.owner = base.secrets, base.owner
		return w
	}
	add := func(short string, spec NewGameSpec) {
		c, err := w.j.NewGame(spec)
		require.NoError(t, err)
		for r, s := range c.Secrets {
			w.secrets["{"+short+":"+string(r)+"}"] = s
			w.owner[s] = c.Game.Player(string(r)).Email
		}
	}
	add("duel", NewGameSpec{Game: "duel-test", GM: "gm@example.org", Players: []PlayerSpec{
		{Role: "north", Email: "alice@example.org", Aliases: []string{"alice@home.example"}},
		{Role: "south", Email: "bob@example.org"}}})
	add("council", NewGameSpec{Game: "council-test", Scenario: "3-players", GM: "gm2@example.org", Players: []PlayerSpec{
		{Role: "red", Email: "alice@example.org"}, {Role: "blue", Email: "carol@example.org"}, {Role: "green", Email: "dan@example.org"}}})
	return w
}

// fuzzPristine is the store every fuzzed email starts from, built once
// per fuzzing process: each input gets a fresh copy of the file, which
// costs far less than creating the games again, so the fuzzer runs
// thousands of inputs a second instead of tens, and every input still
// meets the same two games at their first turn.
type fuzzPristine struct {
	dir  string
	file []byte
	base *fuzzWorld
	// lastMail is the highest outbox ID in the pristine store: the mail
	// an input causes is numbered from lastMail+1.
	lastMail  uint64
	processed int
}

func newFuzzPristine(t testing.TB) *fuzzPristine {
	dir := t.TempDir()
	path := filepath.Join(dir, "pristine.db")
	base := openFuzzWorld(t, path, nil)
	p := &fuzzPristine{dir: dir, base: base}
	require.NoError(t, base.db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			p.lastMail = max(p.lastMail, m.ID)
		}
		p.processed = tx.ProcessedCount()
		return err
	}))
	require.NoError(t, base.db.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	p.file = b
	return p
}

// world returns a judge over a fresh copy of the pristine store.
func (p *fuzzPristine) world(t testing.TB) *fuzzWorld {
	path := filepath.Join(p.dir, "work.db")
	require.NoError(t, os.WriteFile(path, p.file, 0o600))
	return openFuzzWorld(t, path, p.base)
}

// seats lists every address that holds a seat (or an alias of one) now.
func (w *fuzzWorld) seats(tx *store.Tx) map[string]bool {
	out := map[string]bool{}
	games, _ := tx.Games()
	for _, g := range games {
		for _, p := range g.Players {
			out[p.Email] = true
			for _, a := range p.Aliases {
				out[a] = true
			}
		}
	}
	return out
}

func fuzzSeeds() []string {
	h := func(from, subject, extra string) string {
		return "From: Player <" + from + ">\r\nTo: orders@club.example\r\nSubject: " + subject + "\r\nMessage-ID: <seed." + from + "@example.org>\r\n" + extra + "\r\n"
	}
	return []string{
		h("alice@example.org", "[duel-test-1] orders", "") + "secret: {duel:north}\r\npick 2\r\n",
		h("bob@example.org", "Re: [duel-test-1] South", "") + "---- reply ----\r\nsecret: {duel:south}\r\nturn: 1\r\npick 3\r\n----\r\n\r\nOn Sat, pbem judge wrote:\r\n> YOU OWE\r\n> pick 2\r\n",
		h("alice@home.example", "check [duel-test-1]", "") + "secret: {duel:north}\r\nentropy: \x00odd\x01\r\npick 1\r\n",
		h("alice@example.org", "[council-test-1]", "") + "secret: {council:red}\r\nclaim 4\r\n",
		h("carol@example.org", "[EXT] [council-test-1]", "") + "secret: {council:blue}\r\ndoubt\r\n",
		h("alice@example.org", "[council-test-1]", "") + "secret: {duel:north}\r\nclaim 4\r\n",
		h("bob@example.org", "[duel-test-1]", "") + "report\r\n",
		h("bob@example.org", "[duel-test-1]", "") + "record\r\n",
		h("bob@example.org", "[duel-test-1]", "") + "help\r\n",
		h("gm@example.org", "[duel-test-1]", "") + "secret: {duel:gm}\r\ndice\r\nreport\r\ndeadline 5\r\n",
		h("gm@example.org", "[duel-test-1]", "") + "secret: {duel:gm}\r\nalias south bob@work.example\r\nreplace north eve@example.org\r\n",
		h("gm@example.org", "[duel-test-1]", "") + "secret: {duel:gm}\r\ndefaults\r\nrollback 1 oops\r\n",
		h("gm2@example.org", "[council-test-1]", "") + "secret: {council:gm}\r\nrollback x\r\n",
		h("mallory@evil.example", "[duel-test-1]", "") + "secret: {duel:north}\r\npick 3\r\n",
		"From: \"alice@example.org\" <mallory@evil.example>\r\nSubject: [duel-test-1]\r\n\r\nreport\r\n",
		h("alice@example.org", "[duel-test-1]", "") + "Secret: {duel:north}\r\nmy secret is {duel:north}\r\n",
		h("alice@example.org", "[duel-test-1]", "Content-Type: text/html\r\n") + "<table><tr><td>secret: {duel:north}</td><td>pick 2</td></tr></table>\r\n",
		h("alice@example.org", "[duel-test-1]", "Content-Type: multipart/mixed; boundary=x\r\n") + "--x\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--x--\r\n",
		h("alice@example.org", "[duel-test-1]", "") + "secret: {duel:north}\r\nboom\r\n",
		h("alice@example.org", "[nosuch-1] [a] [b] [c]", "") + "pick 1\r\n",
		h("alice@example.org", "no tag", "Auto-Submitted: auto-replied\r\n") + "I am away\r\n",
		h("alice@example.org", "[duel-test-1]", "") + "\r\n-- \r\nAlice\r\n",
		"\x00\x00garbage",
	}
}

// FuzzHandleMail feeds hostile and careless emails to a judge with two
// games and checks the promises of the email path: no panic and no error
// (an error would have the daemon retry the email forever); the email is
// recorded as processed exactly once and a second copy is a silent
// duplicate; no mail goes to an address that holds no seat, except
// notices to the sender; no mail carries a secret other than its
// reader's welcome.
func FuzzHandleMail(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	pristine := newFuzzPristine(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkHandleMail(t, pristine, data)
	})
}

// checkHandleMail is FuzzHandleMail's check of one email.
func checkHandleMail(t testing.TB, pristine *fuzzPristine, data []byte) {
	w := pristine.world(t)
	defer w.db.Close() // before the next input's copy of the file
	text := string(data)
	for k, s := range w.secrets {
		text = strings.ReplaceAll(text, k, s)
	}
	raw := []byte(text)
	beforeCount := pristine.processed
	o, err := w.j.HandleMail(raw)
	require.NoError(t, err)
	require.NotNil(t, o)
	require.NotEqual(t, "duplicate", o.Kind)

	sender := ""
	msg, perr := intake.Parse(raw, intake.Options{MaxBytes: w.j.opt.MaxBytes})
	if msg != nil {
		sender = msg.From
	}
	if sender == "" && perr != nil {
		sender = sniffFrom(raw)
	}
	typed := func(s string) bool {
		hay := strings.ToLower(text)
		if msg != nil {
			hay += strings.ToLower(msg.Text + msg.Subject)
		}
		return strings.Contains(hay, s)
	}
	var mails []*store.OutMail
	var seats map[string]bool
	require.NoError(t, w.db.View(func(tx *store.Tx) error {
		var err error
		mails, err = mailAfter(tx, pristine.lastMail)
		seats = w.seats(tx)
		keys := 1
		if msg != nil && msg.MessageID != "" {
			keys = 2
		}
		require.Equal(t, beforeCount+keys, tx.ProcessedCount(), "the email is recorded once")
		rec, err2 := tx.Processed("sha256:" + bodyHash(raw))
		require.NoError(t, err2)
		require.NotNil(t, rec)
		return err
	}))
	for _, m := range mails {
		require.Len(t, m.To, 1)
		to := m.To[0]
		require.True(t, seats[to] || m.Kind == "notice" && to == sender, "%s mail to %s (sender %q)", m.Kind, to, sender)
		for _, s := range w.secrets {
			if !strings.Contains(m.Text+m.HTML+m.Subject, s) || m.Kind == "welcome" && to == w.owner[s] {
				continue
			}
			// Only the secret's owner's welcome carries it, unless the
			// email itself held it: then the reply may echo it to the
			// sender, who knew it (only hashes are stored, so the
			// judge cannot recognise a secret in other words).
			require.True(t, typed(s) && (to == sender || to == w.owner[s]), "%s mail to %s carries a secret the email did not hold", m.Kind, to)
			require.NotContains(t, m.Text, "secret: "+s, "a reply quotes the secret line")
		}
	}

	// The same email again changes nothing.
	o2, err := w.j.HandleMail(raw)
	require.NoError(t, err)
	require.Equal(t, "duplicate", o2.Kind)
	require.NoError(t, w.db.View(func(tx *store.Tx) error {
		again, err := mailAfter(tx, pristine.lastMail)
		require.Len(t, again, len(mails))
		return err
	}))
}

// mailAfter returns the mail numbered after id, in order: what the
// input caused, without decoding the pristine store's mail.
func mailAfter(tx *store.Tx, id uint64) ([]*store.OutMail, error) {
	var out []*store.OutMail
	for {
		id++
		m, err := tx.Outbox(id)
		if errors.Is(err, store.ErrNotFound) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
}
