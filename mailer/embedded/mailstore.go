package embedded

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	bolt "go.etcd.io/bbolt"
)

// The mailboxes: accounts, their mailboxes and messages, held in memory and,
// when the server has a mail file, written through to it. Every change is
// first committed to the file in one bbolt transaction (fsynced) and only
// then made in memory, so what a client was told happened survives a crash,
// and a crash in the middle of a change leaves the file as it was before it.
//
// File layout (bbolt):
//
//	meta/format                 fileFormat
//	meta/key                    32 random bytes: derives open-mode passwords
//	accounts/<name>/validity    last UIDVALIDITY given out (4 bytes, big endian)
//	accounts/<name>/boxes/<validity>/name, subscribed, uidnext
//	accounts/<name>/boxes/<validity>/msgs/<uid>    {"t":..., "f":[...]}
//	accounts/<name>/boxes/<validity>/bodies/<uid>  the raw message
//
// A mailbox's bucket is keyed by its UIDVALIDITY, which never changes, so a
// rename only rewrites its name.

type boltTx = bolt.Tx

const fileFormat = "pbem-embedded-mail 1"

var (
	bMeta     = []byte("meta")
	bAccounts = []byte("accounts")
	bBoxes    = []byte("boxes")
	bMsgs     = []byte("msgs")
	bBodies   = []byte("bodies")
	kFormat   = []byte("format")
	kKey      = []byte("key")
	kValidity = []byte("validity")
	kName     = []byte("name")
	kSubs     = []byte("subscribed")
	kUIDNext  = []byte("uidnext")
)

// mailStore is every account. mu guards the whole model: accounts, their
// mailboxes and messages. Network writes happen outside it.
type mailStore struct {
	db  *bolt.DB // nil: memory only
	key []byte

	mu       sync.RWMutex
	accounts map[string]*account
}

type account struct {
	name     string
	validity uint32 // last UIDVALIDITY given out
	boxes    map[string]*mailbox
}

type mailbox struct {
	validity   uint32
	name       string
	subscribed bool
	uidNext    imap.UID
	msgs       []*message
	tracker    *imapserver.MailboxTracker
}

type message struct {
	uid   imap.UID
	t     time.Time
	flags []imap.Flag // sorted, canonical
	body  []byte      // immutable
}

type msgRecord struct {
	T     time.Time   `json:"t"`
	Flags []imap.Flag `json:"f,omitempty"`
}

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// newMemStore is a store that keeps everything in memory.
func newMemStore() *mailStore {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	return &mailStore{key: key, accounts: map[string]*account{}}
}

// openMailFile opens (or creates) the mail file at path and loads it.
func openMailFile(path string) (*mailStore, error) {
	db, err := openBolt(path)
	if err != nil {
		return nil, err
	}
	st := &mailStore{db: db, accounts: map[string]*account{}}
	if err := db.Update(func(tx *bolt.Tx) error { return st.load(tx, path) }); err != nil {
		db.Close()
		return nil, err
	}
	return st, nil
}

func openBolt(path string) (*bolt.DB, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() == 0 {
		return nil, damaged(path, errors.New("the file is empty"))
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("mail file %s is in use by another pbem process", path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("mail file %s: %w", path, pe.Err)
	}
	if err != nil {
		return nil, damaged(path, err)
	}
	return db, nil
}

func damaged(path string, err error) error {
	return fmt.Errorf("mail file %s is damaged or is not a pbem mail file (%v); the games are in the store, not in this file: move it aside and pbem starts with empty mailboxes", path, err)
}

// load checks the file's format, creating it in a new file, and reads every
// account into memory.
func (st *mailStore) load(tx *bolt.Tx, path string) error {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		if k, _ := tx.Cursor().First(); k != nil {
			return damaged(path, errors.New("no format record"))
		}
		var err error
		if meta, err = tx.CreateBucket(bMeta); err != nil {
			return err
		}
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return err
		}
		if err := meta.Put(kFormat, []byte(fileFormat)); err != nil {
			return err
		}
		if err := meta.Put(kKey, key); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bAccounts); err != nil {
			return err
		}
	}
	if f := string(meta.Get(kFormat)); f != fileFormat {
		return damaged(path, fmt.Errorf("format %q, want %q", f, fileFormat))
	}
	st.key = append([]byte(nil), meta.Get(kKey)...)
	if len(st.key) != 32 {
		return damaged(path, errors.New("no server key"))
	}
	accts := tx.Bucket(bAccounts)
	if accts == nil {
		return damaged(path, errors.New("no accounts"))
	}
	return accts.ForEachBucket(func(name []byte) error {
		ab := accts.Bucket(name)
		a := &account{name: string(name), boxes: map[string]*mailbox{}}
		if v := ab.Get(kValidity); len(v) == 4 {
			a.validity = binary.BigEndian.Uint32(v)
		}
		boxes := ab.Bucket(bBoxes)
		if boxes == nil {
			return damaged(path, fmt.Errorf("account %q has no mailboxes", name))
		}
		err := boxes.ForEachBucket(func(id []byte) error {
			bb := boxes.Bucket(id)
			if len(id) != 4 || bb.Bucket(bMsgs) == nil || bb.Bucket(bBodies) == nil || len(bb.Get(kUIDNext)) != 4 {
				return damaged(path, fmt.Errorf("account %q: mailbox %x is incomplete", name, id))
			}
			m := &mailbox{validity: binary.BigEndian.Uint32(id), name: string(bb.Get(kName)),
				subscribed: string(bb.Get(kSubs)) == "1", uidNext: imap.UID(binary.BigEndian.Uint32(bb.Get(kUIDNext)))}
			bodies := bb.Bucket(bBodies)
			err := bb.Bucket(bMsgs).ForEach(func(k, v []byte) error {
				var r msgRecord
				if len(k) != 4 || json.Unmarshal(v, &r) != nil {
					return damaged(path, fmt.Errorf("account %q, mailbox %q: unreadable message %x", name, m.name, k))
				}
				body := bodies.Get(k)
				if body == nil {
					return damaged(path, fmt.Errorf("account %q, mailbox %q: message %x has no body", name, m.name, k))
				}
				m.msgs = append(m.msgs, &message{uid: imap.UID(binary.BigEndian.Uint32(k)), t: r.T, flags: r.Flags,
					body: append([]byte(nil), body...)})
				return nil
			})
			if err != nil {
				return err
			}
			m.tracker = imapserver.NewMailboxTracker(uint32(len(m.msgs)))
			a.boxes[m.name] = m
			return nil
		})
		if err != nil {
			return err
		}
		st.accounts[a.name] = a
		return nil
	})
}

// close closes the mail file.
func (st *mailStore) close() error {
	if st.db == nil {
		return nil
	}
	return st.db.Close()
}

// write runs fn in one transaction of the mail file; without a file it
// does nothing. Callers hold st.mu and change memory only after it
// succeeded.
func (st *mailStore) write(fn func(tx *bolt.Tx) error) error {
	if st.db == nil {
		return nil
	}
	if err := st.db.Update(fn); err != nil {
		return fmt.Errorf("mail file: %w", err)
	}
	return nil
}

func acctBucket(tx *bolt.Tx, name string) (*bolt.Bucket, error) {
	ab := tx.Bucket(bAccounts).Bucket([]byte(name))
	if ab == nil {
		return nil, fmt.Errorf("account %q is missing", name)
	}
	return ab, nil
}

func boxBucket(tx *bolt.Tx, acct string, validity uint32) (*bolt.Bucket, error) {
	ab, err := acctBucket(tx, acct)
	if err != nil {
		return nil, err
	}
	bb := ab.Bucket(bBoxes).Bucket(u32(validity))
	if bb == nil {
		return nil, fmt.Errorf("account %q: mailbox %d is missing", acct, validity)
	}
	return bb, nil
}

// ensureAccount returns the account name, creating it with an INBOX.
func (st *mailStore) ensureAccount(name string) (*account, error) {
	st.mu.RLock()
	a := st.accounts[name]
	st.mu.RUnlock()
	if a != nil {
		return a, nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if a := st.accounts[name]; a != nil {
		return a, nil
	}
	err := st.write(func(tx *bolt.Tx) error {
		ab, err := tx.Bucket(bAccounts).CreateBucket([]byte(name))
		if err != nil {
			return err
		}
		_, err = ab.CreateBucket(bBoxes)
		return err
	})
	if err != nil {
		return nil, err
	}
	a = &account{name: name, boxes: map[string]*mailbox{}}
	st.accounts[name] = a
	if _, err := st.createLocked(a, "INBOX"); err != nil {
		return nil, err
	}
	return a, nil
}

func (st *mailStore) account(name string) *account {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.accounts[name]
}

var (
	errNoMailbox = &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeNonExistent, Text: "No such mailbox"}
	errTryCreate = &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeTryCreate, Text: "No such mailbox"}
	errExists    = &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeAlreadyExists, Text: "Mailbox already exists"}
)

// boxName canonicalises a mailbox name: INBOX is case-insensitive and a
// trailing delimiter is dropped.
func boxName(name string) string {
	name = strings.TrimRight(name, "/")
	if strings.EqualFold(name, "INBOX") {
		return "INBOX"
	}
	return name
}

func (st *mailStore) createLocked(a *account, name string) (*mailbox, error) {
	name = boxName(name)
	if name == "" {
		return nil, &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Empty mailbox name"}
	}
	if a.boxes[name] != nil {
		return nil, errExists
	}
	v := a.validity + 1
	err := st.write(func(tx *bolt.Tx) error {
		ab, err := acctBucket(tx, a.name)
		if err != nil {
			return err
		}
		if err := ab.Put(kValidity, u32(v)); err != nil {
			return err
		}
		bb, err := ab.Bucket(bBoxes).CreateBucket(u32(v))
		if err != nil {
			return err
		}
		for _, kv := range [][2][]byte{{kName, []byte(name)}, {kSubs, []byte("0")}, {kUIDNext, u32(1)}} {
			if err := bb.Put(kv[0], kv[1]); err != nil {
				return err
			}
		}
		if _, err := bb.CreateBucket(bMsgs); err != nil {
			return err
		}
		_, err = bb.CreateBucket(bBodies)
		return err
	})
	if err != nil {
		return nil, err
	}
	a.validity = v
	m := &mailbox{validity: v, name: name, uidNext: 1, tracker: imapserver.NewMailboxTracker(0)}
	a.boxes[name] = m
	return m, nil
}

func (st *mailStore) create(a *account, name string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, err := st.createLocked(a, name)
	return err
}

func (st *mailStore) delete(a *account, name string) error {
	name = boxName(name)
	if name == "INBOX" {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "INBOX cannot be deleted"}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	m := a.boxes[name]
	if m == nil {
		return errNoMailbox
	}
	err := st.write(func(tx *bolt.Tx) error {
		ab, err := acctBucket(tx, a.name)
		if err != nil {
			return err
		}
		return ab.Bucket(bBoxes).DeleteBucket(u32(m.validity))
	})
	if err != nil {
		return err
	}
	delete(a.boxes, name)
	return nil
}

// rename renames a mailbox and the mailboxes below it.
func (st *mailStore) rename(a *account, from, to string) error {
	from, to = boxName(from), boxName(to)
	if from == "INBOX" || to == "INBOX" {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "INBOX cannot be renamed here"}
	}
	if to == "" {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Empty mailbox name"}
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if a.boxes[from] == nil {
		return errNoMailbox
	}
	moves := map[string]string{}
	for name := range a.boxes {
		if name == from || strings.HasPrefix(name, from+"/") {
			moves[name] = to + strings.TrimPrefix(name, from)
		}
	}
	for _, nn := range moves {
		if a.boxes[nn] != nil {
			return errExists
		}
	}
	err := st.write(func(tx *bolt.Tx) error {
		for old, nn := range moves {
			bb, err := boxBucket(tx, a.name, a.boxes[old].validity)
			if err != nil {
				return err
			}
			if err := bb.Put(kName, []byte(nn)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	renamed := map[string]*mailbox{}
	for old, nn := range moves {
		m := a.boxes[old]
		delete(a.boxes, old)
		m.name = nn
		renamed[nn] = m
	}
	for nn, m := range renamed {
		a.boxes[nn] = m
	}
	return nil
}

func (st *mailStore) subscribe(a *account, name string, on bool) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	m := a.boxes[boxName(name)]
	if m == nil {
		return errNoMailbox
	}
	v := []byte("0")
	if on {
		v = []byte("1")
	}
	err := st.write(func(tx *bolt.Tx) error {
		bb, err := boxBucket(tx, a.name, m.validity)
		if err != nil {
			return err
		}
		return bb.Put(kSubs, v)
	})
	if err == nil {
		m.subscribed = on
	}
	return err
}

// mailboxOf returns one of a's mailboxes, or nil.
func (st *mailStore) mailboxOf(a *account, name string) *mailbox {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return a.boxes[boxName(name)]
}

// newMsg is a message to add to a mailbox.
type newMsg struct {
	t     time.Time
	flags []imap.Flag
	body  []byte
}

// putMsgs writes msgs into m's bucket under uids (see newUIDs).
func putMsgs(tx *bolt.Tx, acct string, m *mailbox, msgs []newMsg, uids []imap.UID) error {
	bb, err := boxBucket(tx, acct, m.validity)
	if err != nil {
		return err
	}
	for i, nm := range msgs {
		rec, err := json.Marshal(msgRecord{T: nm.t, Flags: nm.flags})
		if err != nil {
			return err
		}
		if err := bb.Bucket(bMsgs).Put(u32(uint32(uids[i])), rec); err != nil {
			return err
		}
		if err := bb.Bucket(bBodies).Put(u32(uint32(uids[i])), nm.body); err != nil {
			return err
		}
	}
	return bb.Put(kUIDNext, u32(uint32(m.uidNext)+uint32(len(msgs))))
}

// addLocked makes the change putMsgs wrote in memory.
func addLocked(m *mailbox, msgs []newMsg, uids []imap.UID) {
	for i, nm := range msgs {
		m.msgs = append(m.msgs, &message{uid: uids[i], t: nm.t, flags: nm.flags, body: nm.body})
		m.tracker.QueueNumMessages(uint32(len(m.msgs)))
	}
	if len(uids) > 0 {
		m.uidNext = uids[len(uids)-1] + 1
	}
}

// appendMsg adds one message to a mailbox.
func (st *mailStore) appendMsg(a *account, name string, nm newMsg) (*imap.AppendData, error) {
	nm.flags = canonFlags(nm.flags)
	if nm.t.IsZero() {
		nm.t = time.Now()
	}
	nm.t = nm.t.Round(0)
	st.mu.Lock()
	defer st.mu.Unlock()
	m := a.boxes[boxName(name)]
	if m == nil {
		return nil, errTryCreate
	}
	uids := newUIDs(m, 1)
	if err := st.write(func(tx *bolt.Tx) error { return putMsgs(tx, a.name, m, []newMsg{nm}, uids) }); err != nil {
		return nil, err
	}
	addLocked(m, []newMsg{nm}, uids)
	return &imap.AppendData{UIDValidity: m.validity, UID: uids[0]}, nil
}

// newUIDs are the UIDs of the next n messages added to m.
func newUIDs(m *mailbox, n int) []imap.UID {
	uids := make([]imap.UID, n)
	for i := range uids {
		uids[i] = m.uidNext + imap.UID(i)
	}
	return uids
}

// setFlags stores new flag lists for messages of m, by UID.
func (st *mailStore) setFlagsLocked(acct string, m *mailbox, changed map[imap.UID][]imap.Flag) error {
	if len(changed) == 0 {
		return nil
	}
	return st.write(func(tx *bolt.Tx) error {
		bb, err := boxBucket(tx, acct, m.validity)
		if err != nil {
			return err
		}
		for _, msg := range m.msgs {
			fl, ok := changed[msg.uid]
			if !ok {
				continue
			}
			rec, err := json.Marshal(msgRecord{T: msg.t, Flags: fl})
			if err != nil {
				return err
			}
			if err := bb.Bucket(bMsgs).Put(u32(uint32(msg.uid)), rec); err != nil {
				return err
			}
		}
		return nil
	})
}

// delMsgs removes messages from m's bucket.
func delMsgs(tx *bolt.Tx, acct string, m *mailbox, uids map[imap.UID]bool) error {
	bb, err := boxBucket(tx, acct, m.validity)
	if err != nil {
		return err
	}
	for uid := range uids {
		if err := bb.Bucket(bMsgs).Delete(u32(uint32(uid))); err != nil {
			return err
		}
		if err := bb.Bucket(bBodies).Delete(u32(uint32(uid))); err != nil {
			return err
		}
	}
	return nil
}

// removeLocked drops messages from memory, queueing EXPUNGE updates for
// every session but none, and returns their sequence numbers, highest
// first.
func removeLocked(m *mailbox, uids map[imap.UID]bool) []uint32 {
	var seqs []uint32
	kept := m.msgs[:0:0]
	for i, msg := range m.msgs {
		if uids[msg.uid] {
			seqs = append(seqs, uint32(i+1))
		} else {
			kept = append(kept, msg)
		}
	}
	sort.Slice(seqs, func(i, j int) bool { return seqs[i] > seqs[j] })
	m.msgs = kept
	for _, s := range seqs {
		m.tracker.QueueExpunge(s)
	}
	return seqs
}

// canonFlags sorts flags, dropping duplicates; system flags get their
// standard spelling and keywords are compared without case.
func canonFlags(in []imap.Flag) []imap.Flag {
	set := map[imap.Flag]bool{}
	for _, f := range in {
		set[canonFlag(f)] = true
	}
	out := make([]imap.Flag, 0, len(set))
	for f := range set {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

var systemFlags = []imap.Flag{imap.FlagSeen, imap.FlagAnswered, imap.FlagFlagged, imap.FlagDeleted, imap.FlagDraft}

func canonFlag(f imap.Flag) imap.Flag {
	for _, s := range systemFlags {
		if strings.EqualFold(string(f), string(s)) {
			return s
		}
	}
	return imap.Flag(strings.ToLower(string(f)))
}

func hasFlag(flags []imap.Flag, f imap.Flag) bool {
	f = canonFlag(f)
	for _, x := range flags {
		if x == f {
			return true
		}
	}
	return false
}
