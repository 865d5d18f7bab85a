package judge

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExportWhileHandling runs Export (which takes no judge lock) while
// emails and ticks are handled: the secret cache they share has its own
// lock, so "go test -race" finds no race and the records stay valid.
func TestExportWhileHandling(t *testing.T) {
	f := newFixture(t)
	var wg sync.WaitGroup
	wg.Add(1)
	errs := make(chan error, 1)
	go func() {
		defer wg.Done()
		for i := 0; i < 30; i++ {
			if _, err := f.j.Export(f.game, false); err != nil {
				errs <- err
				return
			}
		}
	}()
	for i := 0; i < 10; i++ {
		f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
		f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
		_, err := f.j.Tick()
		require.NoError(t, err)
	}
	wg.Wait()
	close(errs)
	require.NoError(t, <-errs)
	rec, err := f.j.Export(f.game, false)
	require.NoError(t, err)
	require.NotEmpty(t, rec.Entries)
}
