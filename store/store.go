package store

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// SchemaVersion is the layout version this build writes. A file carrying a
// higher version was written by a newer pbem and is refused.
//
// Version 2 added the indexes (see index.go); Open upgrades a version-1
// file by building them once.
const SchemaVersion = 2

// MetaSchema is the meta key holding the schema version. It is maintained
// by Open and cannot be written with PutMeta.
const MetaSchema = "schema"

// DefaultTimeout is how long Open waits for the file lock.
const DefaultTimeout = time.Second

var (
	// ErrLocked means another process holds the store file open.
	ErrLocked = errors.New("store is locked")
	// ErrNotFound means the game, mail or record asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrSchema means the file was written by a newer, incompatible pbem.
	ErrSchema = errors.New("unsupported store schema")
	// ErrInvalid means an argument was rejected before anything was written.
	ErrInvalid = errors.New("invalid argument")
)

var (
	bucketMeta      = []byte("meta")
	bucketGames     = []byte("games")
	bucketCounters  = []byte("counters")
	bucketLog       = []byte("log")
	bucketProcessed = []byte("processed")
	bucketOutbox    = []byte("outbox")
	bucketSent      = []byte("sent")
	bucketRate      = []byte("ratelimit")

	allBuckets = [][]byte{bucketMeta, bucketGames, bucketCounters, bucketLog,
		bucketProcessed, bucketOutbox, bucketSent, bucketRate, bucketSubmissions, bucketRotations,
		bucketDigests, bucketDigestWake, bucketCheckpoints}
)

// Options tune Open. The zero value is right for the daemon.
type Options struct {
	// Timeout is how long to wait for another process to release the
	// file lock; zero means DefaultTimeout.
	Timeout time.Duration
	// ReadOnly opens the file without creating buckets or writing the
	// schema version. The file must exist.
	ReadOnly bool
	// NoSync disables fsync on commit. UNSAFE: a power loss or OS crash
	// can lose committed transactions or corrupt the file. For tests and
	// benchmarks only.
	NoSync bool
	// Now is the clock used where a method fills a zero time (Enqueue).
	// Nil means time.Now.
	Now func() time.Time
}

// DB is an open store file.
type DB struct {
	bolt *bolt.DB
	path string
	now  func() time.Time
	// legacy is set for a file opened read-only before its upgrade to
	// schema 2: it has no indexes, so the methods that use them read
	// every game instead (correct, but slow on a large store).
	legacy bool
	// decoded counts game records decoded (see GamesDecoded).
	decoded atomic.Uint64
}

// GamesDecoded returns how many game records (with their states) the
// store has decoded since it was opened: a cost measure for tests that
// check a path reads only the games it needs.
func (db *DB) GamesDecoded() uint64 { return db.decoded.Load() }

// Tx is one transaction. It is valid only inside the function given to
// DB.Update or DB.View.
type Tx struct {
	tx *bolt.Tx
	db *DB
}

// Open opens (creating if needed, unless read-only) the store file at path.
// If another process has it open, Open fails after opts.Timeout with an
// error wrapping ErrLocked.
func Open(path string, opts Options) (*DB, error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if opts.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("store %s: %w", path, err)
		}
	}
	b, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  timeout,
		ReadOnly: opts.ReadOnly,
		NoSync:   opts.NoSync,
	})
	if err != nil {
		if errors.Is(err, bolterrors.ErrTimeout) {
			return nil, fmt.Errorf("store %s is in use by another pbem process (is a daemon running?): %w", path, ErrLocked)
		}
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db := &DB{bolt: b, path: path, now: opts.Now}
	if db.now == nil {
		db.now = time.Now
	}
	if err := db.init(opts.ReadOnly); err != nil {
		_ = b.Close()
		return nil, err
	}
	return db, nil
}

// init creates the buckets and checks or records the schema version,
// upgrading an older file.
func (db *DB) init(readOnly bool) error {
	version := func(v []byte) (int, error) {
		if v == nil {
			return 0, nil
		}
		n, err := strconv.Atoi(string(v))
		if err != nil {
			return 0, fmt.Errorf("store %s: bad schema version %q: %w", db.path, v, ErrSchema)
		}
		if n > SchemaVersion {
			return 0, fmt.Errorf("store %s was written by a newer pbem (schema %d; this build supports up to %d); upgrade pbem: %w",
				db.path, n, SchemaVersion, ErrSchema)
		}
		return n, nil
	}
	if readOnly {
		return db.bolt.View(func(tx *bolt.Tx) error {
			m := tx.Bucket(bucketMeta)
			if m == nil {
				return nil
			}
			n, err := version(m.Get([]byte(MetaSchema)))
			if err != nil {
				return err
			}
			// A file not yet upgraded has no indexes: answer from the
			// records themselves until "pbem serve" upgrades it.
			db.legacy = n < SchemaVersion && tx.Bucket(bucketGames) != nil
			return nil
		})
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		for _, name := range allBuckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("store %s: create bucket %s: %w", db.path, name, err)
			}
		}
		m := tx.Bucket(bucketMeta)
		n, err := version(m.Get([]byte(MetaSchema)))
		if err != nil {
			return err
		}
		if n == SchemaVersion {
			return nil
		}
		// A new file (no version yet) or an older schema: build the
		// indexes from the records, in this one transaction.
		if err := rebuildIndexes(tx, db, n == 1); err != nil {
			return fmt.Errorf("store %s: upgrade to schema %d: %w", db.path, SchemaVersion, err)
		}
		return m.Put([]byte(MetaSchema), []byte(strconv.Itoa(SchemaVersion)))
	})
}

// Path returns the file name the store was opened from.
func (db *DB) Path() string { return db.path }

// Close releases the file and its lock.
func (db *DB) Close() error { return db.bolt.Close() }

// Update runs fn in one read-write transaction. If fn returns an error or
// panics, every change it made is rolled back; otherwise the transaction is
// committed (and fsynced) before Update returns.
func (db *DB) Update(fn func(*Tx) error) error {
	return db.bolt.Update(func(tx *bolt.Tx) error {
		return fn(&Tx{tx: tx, db: db})
	})
}

// View runs fn in a read-only transaction that sees a consistent snapshot.
func (db *DB) View(fn func(*Tx) error) error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		return fn(&Tx{tx: tx, db: db})
	})
}

// Check runs bbolt's consistency check over the whole file and returns all
// problems found, joined, or nil.
func (db *DB) Check() error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() {
			errs = append(errs, err)
		}
		if len(errs) > 0 {
			return fmt.Errorf("store %s is damaged: %w", db.path, errors.Join(errs...))
		}
		return nil
	})
}

// Writable reports whether the transaction can write.
func (t *Tx) Writable() bool { return t.tx.Writable() }

// Meta returns the value stored under key, or "" if there is none.
func (t *Tx) Meta(key string) (string, error) {
	b := t.tx.Bucket(bucketMeta)
	if b == nil {
		return "", nil
	}
	return string(b.Get([]byte(key))), nil
}

// PutMeta stores value under key. The schema version key is reserved.
func (t *Tx) PutMeta(key, value string) error {
	if key == "" {
		return fmt.Errorf("meta: empty key: %w", ErrInvalid)
	}
	if key == MetaSchema {
		return fmt.Errorf("meta: %q is maintained by the store: %w", key, ErrInvalid)
	}
	b, err := t.bucket(bucketMeta)
	if err != nil {
		return err
	}
	return b.Put([]byte(key), []byte(value))
}

// bucket returns a top-level bucket for writing, creating it if missing
// (which happens only for files opened read-only and never initialised).
func (t *Tx) bucket(name []byte) (*bolt.Bucket, error) {
	if !t.tx.Writable() {
		return nil, fmt.Errorf("store: write in a read-only transaction: %w", bolterrors.ErrTxNotWritable)
	}
	return t.tx.CreateBucketIfNotExists(name)
}

// u64 encodes n as an 8-byte big-endian key.
func u64(n uint64) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], n)
	return k[:]
}

// getJSON decodes the value under key into v; found is false if absent.
func getJSON(b *bolt.Bucket, key []byte, v any) (found bool, err error) {
	if b == nil {
		return false, nil
	}
	data := b.Get(key)
	if data == nil {
		return false, nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, fmt.Errorf("corrupt record: %w", err)
	}
	return true, nil
}

func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

// maxDirectKey is the longest caller-supplied key (processed message keys,
// sender addresses) stored as is. Such keys come from incoming mail and
// may be arbitrarily long; longer ones are stored under a hash instead.
const maxDirectKey = 256

// untrustedKey returns the bucket key for a key taken from incoming mail.
func untrustedKey(key string) []byte {
	if len(key) <= maxDirectKey {
		return []byte(key)
	}
	sum := sha256.Sum256([]byte(key))
	return []byte("long:" + hex.EncodeToString(sum[:]))
}

// checkKey rejects keys that bbolt cannot store or that would be confusing.
func checkKey(what, key string) error {
	switch {
	case key == "":
		return fmt.Errorf("%s: empty key: %w", what, ErrInvalid)
	case len(key) > 512:
		return fmt.Errorf("%s: key longer than 512 bytes: %w", what, ErrInvalid)
	case strings.ContainsAny(key, "\x00\r\n"):
		return fmt.Errorf("%s: key %q contains a control character: %w", what, key, ErrInvalid)
	}
	return nil
}

// Backup writes a consistent snapshot of the whole store to a new file at
// path (it must not exist yet) while the store stays in use. The copy is
// fsynced before Backup returns; on error the partial file is removed.
func (db *DB) Backup(path string) (err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("backup store %s: %w", db.path, err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("backup store %s: %w", db.path, cerr)
		}
		if err != nil {
			_ = os.Remove(path)
		}
	}()
	err = db.bolt.View(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(f)
		return err
	})
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		return fmt.Errorf("backup store %s to %s: %w", db.path, path, err)
	}
	return nil
}
