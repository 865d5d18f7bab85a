package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// Random land war from the 1517 position with default answers to every
// decision: the state stays consistent after every step (unit counts,
// marks, sieges, leaders), and the same seed gives the same game.
// Reformation and Counter-Reformation attempts on random targets go on
// between the moves, their dice counting the stacks as they stand
// (HIS-18.2d).
func TestLandWarRandomInvariants(t *testing.T) {
	var moves, battles, assaults, sieges, attempts int
	play := func(seed uint64) string {
		s := newGame(t, 1)
		s.Phase = PhAction
		s.setWar(Ottoman, Hapsburg, true)
		s.setWar(England, France, true)
		s.setWar(Ottoman, Papacy, true)
		d := testdice.New(seed)
		s.Prot.set(spaceByID["wittenberg"])
		for step := 0; step < 400; step++ {
			if step%7 == 0 {
				s.NewImpulse()
			}
			if step%3 == 0 {
				a := &Attempts{Power: Protestant, N: 1, Zones: 1 << LangGerman, Debater: -1}
				if d.Intn(2) == 0 {
					a.Power, a.Counter = Papacy, true
				}
				if ts := s.attemptTargets(a); len(ts) > 0 {
					(&run{s: s, dice: d}).attempt(a, ts[d.Intn(len(ts))])
					attempts++
					if err := s.Check(); err != nil {
						t.Fatalf("step %d after a religious attempt: %v", step, err)
					}
				}
			}
			p := d.Intn(NMajor)
			occ := s.Occupied(p)
			if len(occ) == 0 {
				continue
			}
			at := occ[d.Intn(len(occ))]
			if at >= NS {
				continue
			}
			u := s.Units[at][p]
			var ls []int
			for _, l := range s.leadersAt(at, p) {
				if !leaders[l].Naval {
					ls = append(ls, l)
				}
			}
			limit := MaxFormation(ls)
			f := Force{Reg: min(u.Reg, uint8(limit))}
			f.Merc = min(u.Merc, uint8(limit-f.Land()))
			f.Cav = min(u.Cav, uint8(limit-f.Land()))
			fm := Formation{At: at, Leaders: ls}
			if f.Land() > 0 {
				fm.Parts = []Part{{p, f}}
			}
			// An assault when besieging.
			if s.UnderSiege(at) && !s.insideSide(at, p) {
				if a, r, err := s.RollAssault(p, fm, Mods{}, d); err == nil {
					assaults++
					if _, err := s.ApplyAssault(a, r, nil, nil, d); err != nil {
						t.Fatalf("step %d: assault: %v", step, err)
					}
				}
				if err := s.Check(); err != nil {
					t.Fatalf("step %d after assault: %v", step, err)
				}
				continue
			}
			nb := spaces[at].Nbr
			if len(nb) == 0 {
				continue
			}
			to := int(nb[d.Intn(len(nb))].To)
			before := s.clone()
			m, err := s.BeginMove(p, fm, to)
			if err != nil {
				continue
			}
			moves++
			for _, o := range s.InterceptOptions(m) {
				still := false
				for _, x := range s.InterceptOptions(m) {
					still = still || x.Power == o.Power && x.From == o.From
				}
				if !still || d.Intn(2) == 0 {
					continue
				}
				var ils []int
				ils = append(ils, o.Leaders...)
				n := min(o.Units, MaxFormation(ils), int(s.Units[o.From][o.Power].Reg))
				if n == 0 {
					continue
				}
				fi := Formation{At: o.From, Parts: []Part{{o.Power, Force{Reg: uint8(n)}}}, Leaders: ils}
				if _, _, err := s.Intercept(m, o.Power, fi, d); err != nil {
					t.Fatalf("step %d: intercept: %v", step, err)
				}
			}
			if _, err := s.EnterDestination(m); err != nil {
				t.Fatalf("step %d: enter: %v", step, err)
			}
			for _, q := range s.AvoidPowers(m) {
				opts := s.AvoidOptions(m, q)
				if len(opts) == 0 || d.Intn(2) == 0 {
					s.AvoidBattle(m, q, -1, nil, nil, d)
					continue
				}
				g := s.Units[m.To][q]
				if _, _, err := s.AvoidBattle(m, q, opts[0], []Part{{q, Force{Reg: g.Reg, Merc: g.Merc, Cav: g.Cav}}}, nil, d); err != nil {
					t.Fatalf("step %d: avoid: %v", step, err)
				}
			}
			if _, err := s.CanWithdraw(m); err == nil && d.Intn(2) == 0 {
				if _, _, err := s.Withdraw(m); err != nil {
					t.Fatalf("step %d: withdraw: %v", step, err)
				}
				if s.MustLeave(m) {
					s.FallBack(m)
				}
			}
			if s.NeedBattle(m) {
				b, err := s.NewBattle(m, nil, nil)
				if err != nil {
					t.Fatalf("step %d: battle: %v", step, err)
				}
				battles++
				r := s.RollBattle(b, Mods{}, d)
				if lg, err := s.ApplyBattle(b, r, NoChoice(), d); err != nil || s.Check() != nil {
					t.Fatalf("step %d: battle %+v, result %+v: %v, %v\n%v", step, b, r, err, s.Check(), lg)
				}
			}
			sieges += s.Warfare.Siege.count()
			if err := s.Check(); err != nil {
				t.Logf("before: siege %v units %+v; after %+v; move %+v", before.UnderSiege(to), before.Units[to], s.Units[to], m)
				t.Fatalf("step %d (%s %s -> %s): %v", step, powers[p].Name, spaces[at].Name, spaces[to].Name, err)
			}
		}
		data, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decode(data); err != nil {
			t.Fatalf("decode: %v", err)
		}
		return string(data)
	}
	for seed := uint64(1); seed <= 16; seed++ {
		if play(seed) != play(seed) {
			t.Errorf("seed %d: not deterministic", seed)
		}
	}
	t.Logf("%d moves, %d battles, %d assaults, %d siege-steps, %d religious attempts", moves, battles, assaults, sieges, attempts)
	if battles == 0 || assaults == 0 || attempts == 0 {
		t.Errorf("the random games fought no battle or assault, or made no religious attempt")
	}
}

// BenchmarkMoveInterceptBattle plays the seed's Vienna example (move,
// interception, field battle, retreat) on a copy of the state.
func BenchmarkMoveInterceptBattle(b *testing.B) {
	base := board(b)
	base.setWar(Ottoman, Hapsburg, true)
	base.setAlly(Hapsburg, Hungary, true)
	base.Ctrl[sp(b, "pressburg")] = Ottoman
	put(b, base, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha")
	put(b, base, "graz", Hapsburg, Force{Reg: 8}, "charles_v")
	put(b, base, "vienna", Hapsburg, Force{Reg: 2}, "ferdinand")
	mover := form(b, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha")
	icpt := form(b, "graz", Hapsburg, Force{Reg: 8}, "charles_v")
	d := testdice.New(1)
	for i := 0; i < b.N; i++ {
		s := base.clone()
		m, err := s.BeginMove(Ottoman, mover, sp(b, "vienna"))
		if err != nil {
			b.Fatal(err)
		}
		s.Intercept(m, Hapsburg, icpt, d)
		s.EnterDestination(m)
		for _, q := range s.AvoidPowers(m) {
			s.AvoidBattle(m, q, -1, nil, nil, d)
		}
		if s.NeedBattle(m) {
			bt, _ := s.NewBattle(m, nil, nil)
			r := s.RollBattle(bt, Mods{}, d)
			s.ApplyBattle(bt, r, NoChoice(), d)
		}
	}
}
