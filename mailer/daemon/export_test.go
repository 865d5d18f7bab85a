package daemon

import "time"

// TickNow makes a running daemon's deadline clock check the games at
// once, as its ticker would, and reports whether that check finished
// within wait. Tests with a fake judge clock use it after moving the
// clock, instead of waiting for the ticker.
func (d *Daemon) TickNow(wait time.Duration) bool {
	done := make(chan struct{})
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case d.kick <- done:
	case <-timer.C:
		return false
	}
	select {
	case <-done:
		return true
	case <-timer.C:
		return false
	}
}
