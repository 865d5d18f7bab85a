package hereistand

// Map helpers (HIS-2): adjacency, passes, ports and sea zones.

// adjacent reports whether land spaces a and b are joined by a
// connection, ordinary or pass (HIS-2a).
func adjacent(a, b int) bool { return adj[a][b] != 0 }

// passBetween reports whether a and b are joined by a pass (HIS-2.5b).
func passBetween(a, b int) bool { return adj[a][b] == 2 }

// adjacentNoPass reports adjacency for the rules in which a pass does not
// count (control and unrest, HIS-2.5c, HIS-12.2a, HIS-12.3c).
func adjacentNoPass(a, b int) bool { return adj[a][b] == 1 }

// isPortOn reports whether space s is a port on sea zone z (HIS-2.5e).
func isPortOn(s, z int) bool {
	for _, x := range spaces[s].Seas {
		if x == z {
			return true
		}
	}
	return false
}

// seaLoc is the unit location of sea zone z.
func seaLoc(z int) int { return NS + z }

// isSea reports whether a unit location is a sea zone.
func isSea(loc int) bool { return loc >= NS }

// locName names a unit location.
func locName(loc int) string {
	if isSea(loc) {
		return seas[loc-NS].Name
	}
	return spaces[loc].Name
}

// locID is the stable ID of a unit location.
func locID(loc int) string {
	if isSea(loc) {
		return seas[loc-NS].ID
	}
	return spaces[loc].ID
}

// locByID finds a unit location by its ID.
func locByID(id string) (int, bool) {
	if s, ok := spaceByID[id]; ok {
		return s, true
	}
	if z, ok := seaByID[id]; ok {
		return seaLoc(z), true
	}
	return 0, false
}

// distance is the number of connections on the shortest land path from a
// to b (passes count as connections), or -1 if there is none.
func distance(a, b int) int {
	var dist [NS]int16
	for i := range dist {
		dist[i] = -1
	}
	dist[a] = 0
	queue := []int{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x == b {
			return int(dist[x])
		}
		for _, e := range spaces[x].Nbr {
			if dist[e.To] < 0 {
				dist[e.To] = dist[x] + 1
				queue = append(queue, int(e.To))
			}
		}
	}
	return -1
}

// ActionCost is the CP cost of action a for major power p (HIS-11.1c), 0
// when the power may not take it at all. Conditions that depend on the
// game (Barbary Pirates for corsairs, Cranmer for England's treatises,
// Society of Jesus, a foreign war in play, the Schmalkaldic League for
// Protestant military actions, HIS-11.1d) are checked by the state.
func ActionCost(p, a int) int {
	if p < 0 || p >= NMajor || a < 0 || a >= NAct {
		return 0
	}
	return powers[p].Cost[a]
}

// maxLand is the largest land strength power p's counters can show
// (HIS-5a: the counter mix is an absolute limit).
func maxLand(p int) int {
	pi := &powers[p]
	if pi.Major {
		return pi.LandCounters[0] + 2*pi.LandCounters[1] + 4*pi.LandCounters[2] + 6*pi.LandCounters[3]
	}
	return 2*pi.MinorCounters12 + 4*pi.MinorCounters4
}
