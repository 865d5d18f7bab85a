// Package judge is pbem's game service: it turns one incoming email into
// one store transaction (authenticate, parse, apply all-or-nothing, log,
// queue every resulting email) and runs deadlines and reminders. It knows
// games only through the adjudicator interface: no game's rules live here.
package judge

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/mail"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
	"github.com/pbem/pbem/templates"
)

// Options configure a Judge.
type Options struct {
	Domain        string // for Message-IDs, e.g. "club.example"
	OrdersAddress string // e.g. "orders@club.example"; orders+GAME@ is accepted too
	FromName      string // display name of outgoing mail
	DeadlineHours int    // default deadline for a game (0: 72)
	ReminderHours int    // reminder this long before a deadline (0: 24; <0: none)
	RatePerHour   int    // emails accepted per sender per hour (0: 60)
	MaxBytes      int    // largest email accepted (0: 1 MiB)
	Epochs        int    // length of a new game's dice chains (0: 1000)
	// Rules names this build's rules (pbem's version): a game whose last
	// entry another version judged gets a checkpoint of its position
	// when this one commits the next (store.Checkpoint). "" records no
	// version.
	Rules     string
	Templates *templates.Set
	Now       func() time.Time
	Log       *slog.Logger
	// Aliases maps a registered address to other addresses accepted for it.
	Aliases map[string][]string
	// Wake is called after a transaction queued mail (to wake the sender).
	Wake func()
	// SenderAuth says how senders are authenticated (senderauth.go).
	SenderAuth SenderAuthOptions
	// Creators are the addresses that may create games and leagues by
	// email, each with the secret its emails must carry (invite.go,
	// leaguemail.go); a league's GM runs it by email only if he is one.
	Creators map[string]string
	// DocsURL is a public page that explains the dice procedure; reports
	// link to it when set.
	DocsURL string
}

// Judge is the game service over one store.
type Judge struct {
	db  *store.DB
	opt Options
	mu  sync.Mutex
	// secretsMu guards secrets, which Export uses without mu.
	secretsMu sync.Mutex
	// secrets caches chain links: computing x_t hashes N-t times.
	secrets map[secretKey][]byte
	// aliasOf maps an address of Options.Aliases to the registered
	// addresses it stands for (the reverse of Options.Aliases).
	aliasOf map[string][]string
}

type secretKey struct {
	seed string
	n, t int
}

// secretAt returns x_t of the chain ending in seed, cached.
func (j *Judge) secretAt(seed []byte, n, t int) []byte {
	k := secretKey{string(seed), n, t}
	j.secretsMu.Lock()
	x, ok := j.secrets[k]
	j.secretsMu.Unlock()
	if ok {
		return x
	}
	x = dice.SecretAt(seed, n, t)
	j.secretsMu.Lock()
	defer j.secretsMu.Unlock()
	if j.secrets == nil || len(j.secrets) > 4096 {
		j.secrets = map[secretKey][]byte{}
	}
	j.secrets[k] = x
	return x
}

// New returns a Judge over db.
func New(db *store.DB, opt Options) *Judge {
	if opt.Domain == "" {
		opt.Domain = "pbem.localhost"
	}
	if opt.OrdersAddress == "" {
		opt.OrdersAddress = "orders@" + opt.Domain
	}
	if opt.FromName == "" {
		opt.FromName = "pbem judge"
	}
	if opt.DeadlineHours == 0 {
		opt.DeadlineHours = 72
	}
	if opt.ReminderHours == 0 {
		opt.ReminderHours = 24
	}
	if opt.RatePerHour == 0 {
		opt.RatePerHour = 60
	}
	if opt.MaxBytes == 0 {
		opt.MaxBytes = 1 << 20
	}
	if opt.Epochs == 0 {
		opt.Epochs = 1000
	}
	if opt.Templates == nil {
		opt.Templates = templates.Builtin()
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	// Addresses compare in lower case, as the store keeps them.
	aliases := map[string][]string{}
	aliasOf := map[string][]string{}
	for k, v := range opt.Aliases {
		k = strings.ToLower(strings.TrimSpace(k))
		aliases[k] = append(aliases[k], lower(v)...)
		for _, a := range lower(v) {
			if !contains(aliasOf[a], k) {
				aliasOf[a] = append(aliasOf[a], k)
			}
		}
	}
	opt.Aliases = aliases
	return &Judge{db: db, opt: opt, aliasOf: aliasOf}
}

// DB returns the judge's store.
func (j *Judge) DB() *store.DB { return j.db }

func (j *Judge) wake() {
	if j.opt.Wake != nil {
		j.opt.Wake()
	}
}

// PlayerSpec is one seat of a new game.
type PlayerSpec struct {
	Role    adjudicator.Role
	Email   string
	Aliases []string
	// Lang is the language of the seat's mail ("" English; see
	// i18n.ParseLanguage for what is accepted).
	Lang string
}

// NewGameSpec describes a game to create.
type NewGameSpec struct {
	ID       string // optional; default "<short game name>-<n>"
	Game     string
	Scenario string
	Options  adjudicator.Options
	Players  []PlayerSpec
	GM       string
	// GMLang is the language of the GM's mail ("" English).
	GMLang        string
	DeadlineHours int
	// SenderAuth is the game's sender-authentication mode: "" or "off",
	// "warn" or "require" (the last two need Options.SenderAuth).
	SenderAuth string
	// Policy is the game's deadline policy (time of day and zone,
	// weekends, grace, reminders, vacations, missed deadlines); the zero
	// Policy is the server's defaults. CheckPolicy validates it.
	Policy store.Policy
}

// Created is the result of NewGame. Secrets are shown once (they are
// mailed to the players and stored only hashed).
type Created struct {
	Game    *store.Game
	Secrets map[adjudicator.Role]string
}

var shortNames = map[string]string{"richard-iii": "roses", "hammer-of-the-scots": "hammer"}

// NewGame creates a game, rolls its set-up on the verifiable dice and
// queues the welcome emails and first reports, all in one transaction.
func (j *Judge) NewGame(spec NewGameSpec) (*Created, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	p, err := j.prepareGame(spec)
	if err != nil {
		return nil, err
	}
	var created *Created
	err = j.db.Update(func(tx *store.Tx) error {
		created, err = j.createGame(tx, p, j.opt.Now().UTC(), nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	j.wake()
	return created, nil
}

// preparedGame is a NewGameSpec checked and resolved against its game.
type preparedGame struct {
	spec     NewGameSpec
	g        adjudicator.Game
	info     adjudicator.Info
	sc       adjudicator.Scenario
	roles    []adjudicator.Role
	opts     adjudicator.Options
	authMode string
}

// prepareGame checks spec (game, scenario, options, seats, addresses,
// languages, policy) without touching the store.
func (j *Judge) prepareGame(spec NewGameSpec) (*preparedGame, error) {
	g, err := adjudicator.Lookup(spec.Game)
	if err != nil {
		return nil, err
	}
	info, err := adjudicator.InfoOf(g, spec.Options)
	if err != nil {
		return nil, err
	}
	sc, err := info.ScenarioByID(spec.Scenario)
	if err != nil {
		return nil, err
	}
	roles := info.RolesFor(sc)
	if err := CheckPolicy(&spec.Policy); err != nil {
		return nil, err
	}
	authMode, err := j.checkMode(spec.SenderAuth)
	if err != nil {
		return nil, err
	}
	if spec.GM == "" {
		return nil, fmt.Errorf("a game needs a GM address (--gm)")
	}
	// Addresses are kept bare and in lower case, as senders are compared.
	if spec.GM, err = normAddress(spec.GM); err != nil {
		return nil, fmt.Errorf("GM: %w", err)
	}
	if spec.GMLang != "" {
		if spec.GMLang, err = i18n.ParseLanguage(spec.GMLang); err != nil {
			return nil, fmt.Errorf("GM: %w", err)
		}
	}
	players := make([]PlayerSpec, len(spec.Players))
	for i, p := range spec.Players {
		players[i] = p
		if players[i].Email, err = normAddress(p.Email); err != nil {
			return nil, fmt.Errorf("side %s: %w", p.Role, err)
		}
		if p.Lang != "" {
			if players[i].Lang, err = i18n.ParseLanguage(p.Lang); err != nil {
				return nil, fmt.Errorf("side %s: %w", p.Role, err)
			}
		}
		players[i].Aliases = nil
		for _, a := range p.Aliases {
			na, err := normAddress(a)
			if err != nil {
				return nil, fmt.Errorf("side %s: alias: %w", p.Role, err)
			}
			players[i].Aliases = append(players[i].Aliases, na)
		}
	}
	spec.Players = players
	if err := checkSeats(roles, spec.Players); err != nil {
		return nil, err
	}
	opts := adjudicator.Options{}
	known := map[string]adjudicator.OptionSpec{}
	for _, o := range info.Options {
		known[o.Name] = o
	}
	for k, v := range spec.Options {
		o, ok := known[k]
		if !ok {
			return nil, msgErr("bad.no_option", "Game", info.Name, "Option", strconv.Quote(k))
		}
		if len(o.Values) > 0 && !contains(o.Values, v) {
			return nil, msgErr("bad.option_value", "Option", k, "Value", strconv.Quote(v), "Values", strings.Join(o.Values, ", "))
		}
		opts[k] = v
	}
	return &preparedGame{spec: spec, g: g, info: info, sc: sc, roles: roles, opts: opts, authMode: authMode}, nil
}

// createGame creates the prepared game in tx: its seats and secrets, its
// dice, its set-up (entropy mixed into the set-up entry: the players'
// own randomness when they joined by email), the welcome emails and the
// first reports.
func (j *Judge) createGame(tx *store.Tx, p *preparedGame, now time.Time, entropy []string) (*Created, error) {
	spec, g, info, sc, roles, opts, authMode := p.spec, p.g, p.info, p.sc, p.roles, p.opts, p.authMode
	pub, hid, err := dice.NewSeeds()
	if err != nil {
		return nil, err
	}
	created := &Created{Secrets: map[adjudicator.Role]string{}}
	err = func() error {
		id := strings.ToLower(spec.ID)
		if id == "" {
			short := shortNames[info.Name]
			if short == "" {
				short = info.Name
			}
			n, err := tx.NextGameNumber(short)
			if err != nil {
				return err
			}
			id = fmt.Sprintf("%s-%d", short, n)
		} else if !validID(id) {
			return fmt.Errorf("game ID %q: use letters, digits and '-' only", spec.ID)
		}
		if _, err := tx.Game(id); err == nil {
			return fmt.Errorf("a game %q already exists", id)
		}
		hours := spec.DeadlineHours
		if hours == 0 {
			hours = j.opt.DeadlineHours
		}
		sg := &store.Game{
			ID: id, GameName: info.Name, Scenario: sc.ID, Options: opts,
			GM: strings.ToLower(spec.GM), OrdersAddress: j.gameAddress(id),
			DeadlineHours: hours, Created: now, Updated: now, SenderAuth: authMode, Policy: spec.Policy,
			ThreadRoot: fmt.Sprintf("pbem.%s.root@%s", id, j.opt.Domain),
		}
		for _, p := range spec.Players {
			secret := newSecret()
			salt, hash := store.HashSecret(secret)
			created.Secrets[p.Role] = secret
			sg.Players = append(sg.Players, store.Player{Role: string(p.Role), Email: strings.ToLower(p.Email), Aliases: lower(p.Aliases), SecretSalt: salt, SecretHash: hash, Lang: p.Lang, Since: now})
		}
		gmSecret := newSecret()
		salt, hash := store.HashSecret(gmSecret)
		created.Secrets[adjudicator.GM] = gmSecret
		sg.Players = append(sg.Players, store.Player{Role: string(adjudicator.GM), Email: sg.GM, SecretSalt: salt, SecretHash: hash, Lang: spec.GMLang})
		n := j.opt.Epochs
		sg.Dice = store.DiceState{
			PublicSeed: pub, HiddenSeed: hid, N: n,
			PublicCommit: hex.EncodeToString(dice.Commit(pub, n)),
			HiddenCommit: hex.EncodeToString(dice.Commit(hid, n)),
		}
		d0, err := dice.Initial(j.header(sg, roles))
		if err != nil {
			return err
		}
		sg.Dice.Digest = d0[:]
		entry := dice.Entry{Kind: "setup", Role: string(adjudicator.GM), Entropy: entropy}
		var st adjudicator.State
		le, err := j.applyEntry(sg, entry, 1, func(d adjudicator.Dice) (*adjudicator.Result, error) {
			s, err := g.Setup(sc.ID, opts, d)
			st = s
			return &adjudicator.Result{}, err
		})
		if err != nil {
			return err
		}
		le.At = now
		if err := j.commitState(tx, sg, st, le); err != nil {
			return err
		}
		if err := j.resetDeadline(tx, sg, st, now); err != nil {
			return err
		}
		for i := range sg.Players {
			if err := rememberLang(tx, &sg.Players[i], true); err != nil {
				return err
			}
		}
		// Welcome emails first, then the first reports.
		for _, p := range sg.Players {
			if err := j.queueWelcome(tx, sg, info, p, created.Secrets[adjudicator.Role(p.Role)], roles); err != nil {
				return err
			}
		}
		if err := j.queueReports(tx, sg, st, reportCause{}); err != nil {
			return err
		}
		created.Game = sg
		return tx.PutGame(sg)
	}()
	if err != nil {
		return nil, err
	}
	return created, nil
}

func checkSeats(roles []adjudicator.Role, players []PlayerSpec) error {
	seen := map[adjudicator.Role]bool{}
	for _, p := range players {
		if !containsRole(roles, p.Role) {
			return msgErr("bad.no_side", "Side", strconv.Quote(string(p.Role)), "Sides", joinRoles(roles))
		}
		if seen[p.Role] {
			return msgErr("bad.side_twice", "Side", strconv.Quote(string(p.Role)))
		}
		if !strings.Contains(p.Email, "@") {
			return msgErr("bad.side_address", "Side", string(p.Role), "Value", strconv.Quote(p.Email))
		}
		seen[p.Role] = true
	}
	for _, r := range roles {
		if !seen[r] {
			return msgErr("bad.side_missing", "Side", strconv.Quote(string(r)), "Sides", joinRoles(roles))
		}
	}
	return nil
}

func (j *Judge) header(g *store.Game, roles []adjudicator.Role) dice.Header {
	return dice.Header{GameID: g.ID, Game: g.GameName, Scenario: g.Scenario, Options: adjudicator.Options(g.Options), Roles: roles}
}

// gameAddress is the plus-address of a game: orders+ID@domain.
func (j *Judge) gameAddress(id string) string {
	local, domain, ok := strings.Cut(j.opt.OrdersAddress, "@")
	if !ok {
		return j.opt.OrdersAddress
	}
	return local + "+" + id + "@" + domain
}

// applyEntry advances the digest over entry, builds the dice for it and
// runs fn. On success it returns the log entry (without Seq) and updates
// g.Dice's digest and counters; on failure g is unchanged.
func (j *Judge) applyEntry(g *store.Game, entry dice.Entry, epoch int, fn func(adjudicator.Dice) (*adjudicator.Result, error)) (*store.LogEntry, error) {
	if epoch < 1 {
		epoch = 1
	}
	if epoch > g.Dice.N {
		return nil, fmt.Errorf("the game has run past its %d dice epochs", g.Dice.N)
	}
	hiddenKey := j.secretAt(g.Dice.HiddenSeed, g.Dice.N, epoch)
	if entry.Kind != "setup" {
		// The salt keeps anyone from confirming a guess of these orders
		// against the digests the reports show (see dice.SaltPrefix).
		salted, err := dice.Salted(hiddenKey, entry)
		if err != nil {
			return nil, err
		}
		entry = salted
	}
	var prev dice.Digest
	copy(prev[:], g.Dice.Digest)
	d, err := prev.Next(entry)
	if err != nil {
		return nil, err
	}
	c := counters(g).For(epoch)
	r := dice.NewRoller(dice.RollerConfig{
		GameID: g.ID, Entry: g.Seq + 1,
		PublicKey: j.secretAt(g.Dice.PublicSeed, g.Dice.N, epoch),
		HiddenKey: hiddenKey,
		Digest:    d, Counters: c,
	})
	var res *adjudicator.Result
	if perr := dice.Catch(func() { res, err = fn(r) }); perr != nil {
		return nil, perr
	}
	if err != nil {
		return nil, err
	}
	le := &store.LogEntry{Kind: entry.Kind, Role: entry.Role, Epoch: epoch, Lines: entry.Lines, Entropy: entry.Entropy, Digest: d.String()}
	for _, dr := range r.Draws() {
		le.Draws = append(le.Draws, store.Draw{Stream: dr.Stream, Epoch: dr.Epoch, Counter: int(dr.Counter), Purpose: dr.Purpose, Sides: dr.Size(), Result: dr.Result})
	}
	if res != nil {
		for _, e := range res.Events {
			var to []string
			for _, r := range e.To {
				to = append(to, string(r))
			}
			le.Events = append(le.Events, store.LoggedEvent{To: to, Text: e.Text})
		}
	}
	g.Dice.Digest = d[:]
	nc := r.Counters()
	if g.Dice.Counters == nil {
		g.Dice.Counters = map[string]int{}
	}
	g.Dice.Counters["epoch"] = nc.Epoch
	g.Dice.Counters["public"] = int(nc.Public)
	g.Dice.Counters["hidden"] = int(nc.Hidden)
	return le, nil
}

func counters(g *store.Game) dice.Counters {
	if g.Dice.Counters == nil {
		return dice.Counters{}
	}
	return dice.Counters{Epoch: g.Dice.Counters["epoch"], Public: uint32(g.Dice.Counters["public"]), Hidden: uint32(g.Dice.Counters["hidden"])}
}

// commitState stores the new state in g, appends le and reveals the
// public secrets of finished epochs.
func (j *Judge) commitState(tx *store.Tx, g *store.Game, st adjudicator.State, le *store.LogEntry) error {
	b, err := st.Encode()
	if err != nil {
		return fmt.Errorf("encode state: %w", err)
	}
	if err := j.checkpoint(tx, g); err != nil {
		return err
	}
	sum := sha256.Sum256(b)
	g.State = b
	g.StateHash = hex.EncodeToString(sum[:])
	le.StateHash = g.StateHash
	s := st.Status()
	g.Status = store.Status{Turn: s.Turn, Label: s.Label, Finished: s.Finished, Result: s.Result}
	// Who owes a decision, for status listings that never decode states.
	g.Owing = nil
	if !s.Finished {
		for _, r := range owingRoles(st) {
			g.Owing = append(g.Owing, string(r))
		}
	}
	for _, w := range s.Winner {
		g.Status.Winner = append(g.Status.Winner, string(w))
	}
	// Every epoch before the current one is over: reveal its public secret.
	through := s.Turn - 1
	if s.Finished {
		through = s.Turn
	}
	if through > g.Dice.RevealedThrough {
		g.Dice.RevealedThrough = through
	}
	g.Updated = le.At
	if g.Undo != nil && le.Kind != record.KindNote {
		// The game moved on: a pending undo can no longer apply.
		if err := j.lapseUndo(tx, g, "undo.lapsed_moved"); err != nil {
			return err
		}
	}
	if _, err := tx.AppendLog(g.ID, le); err != nil {
		return err
	}
	observersSee(g, le.At)
	g.Seq++
	return nil
}

// loadState decodes the game's current state.
func loadState(g *store.Game) (adjudicator.Game, adjudicator.State, error) {
	eng, err := adjudicator.Lookup(g.GameName)
	if err != nil {
		return nil, nil, err
	}
	st, err := eng.Decode(g.State)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: state does not decode: %w", g.ID, err)
	}
	return eng, st, nil
}

// promptSig summarises who owes what, to tell when a deadline restarts.
func promptSig(st adjudicator.State) string {
	var parts []string
	for _, p := range st.Prompts() {
		parts = append(parts, string(p.Role)+":"+p.Kind)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func newSecret() string {
	const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	var s strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			s.WriteByte('-')
		}
		s.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return s.String()
}

func validID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsRole(list []adjudicator.Role, r adjudicator.Role) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

func joinRoles(rs []adjudicator.Role) string {
	var s []string
	for _, r := range rs {
		s = append(s, string(r))
	}
	return strings.Join(s, ", ")
}

// normAddress reads an address as a GM types it ("ann@club.example",
// "<ann@club.example>", "Ann <Ann@Club.Example>") and returns it bare and
// in lower case.
func normAddress(s string) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		return "", msgErr("bad.address", "Value", strconv.Quote(s))
	}
	local, domain, ok := strings.Cut(a.Address, "@")
	if !ok || local == "" || domain == "" {
		return "", msgErr("bad.address", "Value", strconv.Quote(s))
	}
	return strings.ToLower(a.Address), nil
}

func lower(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, strings.ToLower(strings.TrimSpace(s)))
	}
	return out
}

// SetWake sets the function called after a transaction queued mail.
func (j *Judge) SetWake(f func()) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.opt.Wake = f
}
