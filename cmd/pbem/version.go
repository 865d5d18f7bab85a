package main

import (
	"runtime/debug"
	"strings"
)

// versionString returns the module version and the VCS commit and time
// this binary was built from, e.g. "v0.2.0 (commit 1a2b3c4d5e6f, 2026-11-20T10:00:00Z)".
// A build without that information (go run, tests) reports "devel".
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return formatVersion(bi)
}

func formatVersion(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, at string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{"commit " + rev}
	if at != "" {
		parts = append(parts, at)
	}
	if modified {
		parts = append(parts, "modified")
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}
