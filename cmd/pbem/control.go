package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// While the daemon runs it holds the store's lock, so the commands that
// read or change the store (new, status, export, backup, outbox) reach it
// through a control socket beside the store: a Unix socket only its owner
// may use. Each connection carries one JSON request and one JSON response.
// With no daemon running, the same operations run in the command itself
// over the store file.
//
// Adding an operation: write a func(*opEnv, json.RawMessage) (*opResult,
// error), add it to ops, and call it from a command with callOp.

// controlPath is the control socket of the daemon serving cfg's store.
func controlPath(cfg *Config) string { return cfg.Store + ".sock" }

// maxSocketPath is the longest path a Unix socket address holds on Linux.
const maxSocketPath = 107

// maxRequest bounds a request's size.
const maxRequest = 1 << 20

type ctlRequest struct {
	Op   string          `json:"op"`
	Args json.RawMessage `json:"args,omitempty"`
}

type ctlResponse struct {
	Error  string    `json:"error,omitempty"`
	Result *opResult `json:"result,omitempty"`
}

// opResult is what an operation answers: text for the terminal and, for
// some operations, data for the command to use (an export's record).
type opResult struct {
	Text string          `json:"text,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
}

// opEnv is what an operation runs against.
type opEnv struct {
	cfg *Config
	db  *store.DB
	// judge is the daemon's judge, or one over the store the command
	// opened.
	judge *judge.Judge
	// daemon is true when the operation runs inside the daemon.
	daemon bool
	// wake wakes the daemon's sender; nil without a daemon.
	wake func()
	// withdraw runs a change that takes a mail out of the outbox so that
	// the daemon's sender never starts sending it meanwhile
	// (outbox.Drainer.Withdraw); nil without a daemon.
	withdraw func(id uint64, fn func() error) error
	// mailWait is how long "new" waits for the welcome mails to go out.
	mailWait time.Duration
	// ctx ends when the daemon stops.
	ctx context.Context
}

// op is one control operation. write says whether it changes the store
// and create whether it may create one, which decide how a command opens
// the store when no daemon runs.
type op struct {
	write, create bool
	run           func(e *opEnv, args json.RawMessage) (*opResult, error)
}

// ops are the control operations by name.
var ops = map[string]op{
	"new":           {write: true, create: true, run: opNew},
	"status":        {run: opStatus},
	"export":        {run: opExport},
	"backup":        {run: opBackup},
	"outbox.list":   {run: opOutboxList},
	"outbox.retry":  {write: true, run: opOutboxRetry},
	"outbox.cancel": {write: true, run: opOutboxCancel},
	"prune":         {write: true, run: opPrune},
	"end":           {write: true, run: opEnd},
	"gm":            {write: true, run: opGM},
	"seat":          {write: true, run: opSeat},
}

// errNoDaemon means no daemon answers on the control socket.
var errNoDaemon = errors.New("no daemon is running")

// callOp runs operation name: through the daemon when one answers on the
// control socket, otherwise over the store file directly.
func callOp(cfg *Config, name string, args any) (*opResult, error) {
	o, ok := ops[name]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", name)
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	res, err := dialOp(controlPath(cfg), name, raw)
	if !errors.Is(err, errNoDaemon) {
		return res, err
	}
	db, err := openForOp(cfg, o.write, o.create)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	env := &opEnv{cfg: cfg, db: db, judge: judgeFor(cfg, db), ctx: context.Background()}
	return o.run(env, raw)
}

// openForOp opens the store for an operation run without a daemon,
// read-only unless it writes. Only "new" may create a store.
func openForOp(cfg *Config, write, create bool) (*store.DB, error) {
	if !create {
		if _, err := os.Stat(cfg.Store); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no store at %s (start `pbem serve` or `pbem new` first)", cfg.Store)
		}
	}
	db, err := store.Open(cfg.Store, store.Options{ReadOnly: !write})
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("store %s is in use by another pbem process, but no daemon answers on %s; if a daemon is starting, try again in a moment",
			cfg.Store, controlPath(cfg))
	}
	return db, err
}

// dialOp sends one request to the daemon. It returns errNoDaemon when the
// socket does not exist or nothing listens on it.
func dialOp(path, name string, args json.RawMessage) (*opResult, error) {
	if err := checkSocket(path); err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("unix", path, 5*time.Second)
	if err != nil {
		if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, fs.ErrNotExist) {
			return nil, errNoDaemon
		}
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(2 * time.Minute))
	if err := json.NewEncoder(conn).Encode(ctlRequest{Op: name, Args: args}); err != nil {
		return nil, fmt.Errorf("control socket %s: %w", path, err)
	}
	var resp ctlResponse
	if err := json.NewDecoder(conn).Decode(&resp); err != nil {
		return nil, fmt.Errorf("control socket %s: no answer from the daemon: %w", path, err)
	}
	if resp.Error != "" {
		return nil, errors.New(resp.Error)
	}
	if resp.Result == nil {
		resp.Result = &opResult{}
	}
	return resp.Result, nil
}

// checkSocket refuses a control socket that is not a socket, that other
// users may reach, or that another user owns: whoever can write to it
// controls the daemon. A missing socket is errNoDaemon.
func checkSocket(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return errNoDaemon
	}
	if err != nil {
		return fmt.Errorf("control socket: %w", err)
	}
	if fi.Mode()&fs.ModeSocket == 0 {
		return fmt.Errorf("control socket %s is not a socket (%s); refusing to use it", path, fi.Mode().Type())
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("control socket %s has mode %04o: other users could control the daemon, so it is refused (want 0600; restart `pbem serve` to recreate it)", path, perm)
	}
	if uid, ok := fileOwner(fi); ok && uid != os.Getuid() && os.Getuid() != 0 {
		return fmt.Errorf("control socket %s belongs to uid %d, not to you (uid %d); run the command as the daemon's user", path, uid, os.Getuid())
	}
	return nil
}

// controlServer answers requests on the control socket while the daemon
// runs.
type controlServer struct {
	ln   *net.UnixListener
	path string
	env  opEnv
	log  *slog.Logger
}

// listenControl opens the control socket at path with owner-only
// permissions. It refuses to start if a daemon already answers there or
// if path is something other than a socket, and removes a stale socket
// left by a daemon that died.
func listenControl(path string) (*net.UnixListener, error) {
	if len(path) > maxSocketPath {
		return nil, fmt.Errorf("control socket path %s is too long for a Unix socket (%d bytes, at most %d): use a shorter store path", path, len(path), maxSocketPath)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&fs.ModeSocket == 0 {
			return nil, fmt.Errorf("control socket %s exists and is not a socket; refusing to replace it", path)
		}
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return nil, fmt.Errorf("a pbem daemon already answers on %s", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("remove stale control socket: %w", err)
		}
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	// The socket is created under the process umask; narrow it before the
	// first Accept. Connections are also checked by peer credentials.
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("control socket: %w", err)
	}
	return ln, nil
}

// Run serves until ctx ends, then closes the socket and waits for the
// requests in progress.
func (s *controlServer) Run(ctx context.Context) error {
	s.env.ctx = ctx
	go func() {
		<-ctx.Done()
		s.ln.Close()
	}()
	s.log.Info("control socket", "path", s.path)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := s.ln.AcceptUnix()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			return fmt.Errorf("control socket: %w", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			s.serveConn(conn)
		}()
	}
}

func (s *controlServer) serveConn(conn *net.UnixConn) {
	_ = conn.SetDeadline(time.Now().Add(2 * time.Minute))
	if uid, ok := peerUID(conn); ok && uid != os.Getuid() && uid != 0 {
		s.log.Warn("control socket: connection from another user refused", "uid", uid)
		_ = json.NewEncoder(conn).Encode(ctlResponse{Error: "permission denied: only the daemon's user may use its control socket"})
		return
	}
	var req ctlRequest
	line, err := bufio.NewReader(io.LimitReader(conn, maxRequest)).ReadBytes('\n')
	if err == nil {
		err = json.Unmarshal(line, &req)
	}
	resp := ctlResponse{}
	if err != nil {
		resp.Error = "unreadable request: " + err.Error()
	} else if o, ok := ops[req.Op]; !ok {
		resp.Error = fmt.Sprintf("unknown operation %q (is the daemon older than this command?)", req.Op)
	} else {
		start := time.Now()
		env := s.env
		res, err := o.run(&env, req.Args)
		if err != nil {
			resp.Error = err.Error()
		} else {
			resp.Result = res
		}
		s.log.Info("control", "op", req.Op, "ok", err == nil, "took", time.Since(start).Round(time.Microsecond))
	}
	_ = json.NewEncoder(conn).Encode(resp)
}
