package msg

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewPluralAndString(t *testing.T) {
	m := New("report.orders_due", "Deadline", "Sat", "Area", "Kent")
	assert.Equal(t, -1, m.Count)
	assert.Equal(t, map[string]any{"Deadline": "Sat", "Area": "Kent"}, m.Data())
	assert.Equal(t, "report.orders_due{Area=Kent, Deadline=Sat}", m.String())
	p := Plural("report.enemy_blocks", 3)
	assert.Equal(t, 3, p.Count)
	assert.Equal(t, 3, p.Data()["Count"])
	assert.Panics(t, func() { New("x", "odd") })
	assert.Panics(t, func() { New("x", 1, 2) })
}
