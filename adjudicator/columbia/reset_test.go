package columbia

import (
	"encoding/json"
	"reflect"
	"testing"
	"unsafe"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// TestResetFightsAsNew: a battle that is over, Reset for another battle,
// fights it as a battle New builds does (the same narrative and the same
// encoding), and the lines the first battle wrote are unchanged.
func TestResetFightsAsNew(t *testing.T) {
	first := []Block{blk("a1", england, "B2", 4, 4), blk("s1", scotland, "C3", 3, 4), reserve(blk("s2", scotland, "A1", 2, 3))}
	second := []Block{blk("a2", scotland, "A2", 2, 4), blk("a3", scotland, "B1", 3, 3),
		blk("e1", england, "B3", 4, 4), blk("e2", england, "C2", 2, 3), blk("e3", england, "D1", 1, 2)}
	fight := func(bt *Battle, seed uint64) string {
		_, err := bt.Run(&testHooks{}, Auto{}, testdice.New(seed))
		require.NoError(t, err)
		require.True(t, bt.Done())
		data, err := json.Marshal(bt)
		require.NoError(t, err)
		return string(data)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		used, err := New(Hammer(), "fife", england, scotland, first)
		require.NoError(t, err)
		fight(used, seed)
		var lines, copies []string
		for _, e := range used.Log {
			lines = append(lines, e.Text)
			copies = append(copies, string([]byte(e.Text)))
		}

		require.NoError(t, used.Reset(Hammer(), "lennox", scotland, england, second))
		fresh, err := New(Hammer(), "lennox", scotland, england, second)
		require.NoError(t, err)
		require.Equal(t, fight(fresh, seed+100), fight(used, seed+100), "seed %d", seed)
		require.Equal(t, copies, lines, "seed %d: the first battle's lines changed", seed)
	}
}

// TestShotFieldsAllSet: newShot and ask set the fields of Shot and
// Pending one by one; a field added to either must be set there too.
func TestShotFieldsAllSet(t *testing.T) {
	if n := reflect.TypeOf(Shot{}).NumField(); n != 12 {
		t.Errorf("Shot has %d fields: newShot sets 12, set the new ones there too", n)
	}
	if n := reflect.TypeOf(Pending{}).NumField(); n != 5 {
		t.Errorf("Pending has %d fields: Battle.ask sets 5, set the new ones there too", n)
	}
}

// TestBattleMemSize: a battle with the first room of its lists fills
// the allocator's 3,200-byte size class (with the 8-byte header of
// objects with pointers) without spilling into the next.
func TestBattleMemSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the size classes are those of 64-bit platforms")
	}
	if n := unsafe.Sizeof(battleMem{}) + 8; n > 3200 || n <= 3200-64 {
		t.Errorf("battleMem is %d bytes with its header: resize its text to fill the 3,200-byte class", n)
	}
}
