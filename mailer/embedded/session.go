package embedded

import (
	"bytes"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// session is one IMAP connection: it authenticates against the server's
// accounts and serves the account's mailboxes from the mail store.
type session struct {
	srv      *Server
	acct     *account
	box      *mailbox
	readOnly bool
	saved    imap.UIDSet // SEARCHRES

	// The server runs IDLE in a goroutine of its own, which may still be
	// finishing when the connection closes the session.
	viewMu sync.Mutex
	view   *imapserver.SessionTracker
}

var _ imapserver.SessionIMAP4rev2 = (*session)(nil)

func (s *session) st() *mailStore { return s.srv.st }

func (s *session) Close() error {
	s.unselect()
	return nil
}

func (s *session) Login(username, password string) error {
	a, ok := s.srv.login(username, password)
	if !ok {
		return imapserver.ErrAuthFailed
	}
	s.acct = a
	return nil
}

func (s *session) unselect() {
	s.viewMu.Lock()
	v := s.view
	s.view = nil
	s.viewMu.Unlock()
	if v != nil {
		v.Close()
	}
	s.box, s.saved = nil, nil
}

// tracker returns the selected mailbox's view, or nil.
func (s *session) tracker() *imapserver.SessionTracker {
	s.viewMu.Lock()
	defer s.viewMu.Unlock()
	return s.view
}

func (s *session) Select(name string, options *imap.SelectOptions) (*imap.SelectData, error) {
	s.unselect()
	st := s.st()
	st.mu.RLock()
	defer st.mu.RUnlock()
	m := s.acct.boxes[boxName(name)]
	if m == nil {
		return nil, errNoMailbox
	}
	s.box = m
	s.viewMu.Lock()
	s.view = m.tracker.NewSession()
	s.viewMu.Unlock()
	s.readOnly = options != nil && options.ReadOnly
	flags := mailboxFlags(m)
	data := &imap.SelectData{
		Flags:          flags,
		PermanentFlags: append(append([]imap.Flag(nil), flags...), imap.FlagWildcard),
		NumMessages:    uint32(len(m.msgs)),
		UIDNext:        m.uidNext,
		UIDValidity:    m.validity,
	}
	for i, msg := range m.msgs {
		if !hasFlag(msg.flags, imap.FlagSeen) {
			data.FirstUnseenSeqNum = uint32(i + 1)
			break
		}
	}
	return data, nil
}

// mailboxFlags are the system flags and every keyword in use.
func mailboxFlags(m *mailbox) []imap.Flag {
	flags := append([]imap.Flag(nil), systemFlags...)
	for _, msg := range m.msgs {
		flags = append(flags, msg.flags...)
	}
	return canonFlags(flags)
}

func (s *session) Unselect() error {
	s.unselect()
	return nil
}

func (s *session) Create(name string, _ *imap.CreateOptions) error {
	return s.st().create(s.acct, name)
}

func (s *session) Delete(name string) error { return s.st().delete(s.acct, name) }

func (s *session) Rename(from, to string, _ *imap.RenameOptions) error {
	return s.st().rename(s.acct, from, to)
}

func (s *session) Subscribe(name string) error   { return s.st().subscribe(s.acct, name, true) }
func (s *session) Unsubscribe(name string) error { return s.st().subscribe(s.acct, name, false) }

func (s *session) Namespace() (*imap.NamespaceData, error) {
	return &imap.NamespaceData{Personal: []imap.NamespaceDescriptor{{Delim: '/'}}}, nil
}

func (s *session) List(w *imapserver.ListWriter, ref string, patterns []string, options *imap.ListOptions) error {
	if len(patterns) == 0 {
		return w.WriteList(&imap.ListData{Attrs: []imap.MailboxAttr{imap.MailboxAttrNoSelect}, Delim: '/'})
	}
	if options == nil {
		options = &imap.ListOptions{}
	}
	st := s.st()
	var out []imap.ListData
	st.mu.RLock()
	for name, m := range s.acct.boxes {
		match := false
		for _, p := range patterns {
			if imapserver.MatchList(name, '/', ref, p) {
				match = true
				break
			}
		}
		if !match || (options.SelectSubscribed && !m.subscribed) || options.SelectSpecialUse {
			continue
		}
		d := imap.ListData{Mailbox: name, Delim: '/'}
		if m.subscribed {
			d.Attrs = append(d.Attrs, imap.MailboxAttrSubscribed)
		}
		children := false
		for other := range s.acct.boxes {
			if strings.HasPrefix(other, name+"/") {
				children = true
				break
			}
		}
		if children {
			d.Attrs = append(d.Attrs, imap.MailboxAttrHasChildren)
		} else {
			d.Attrs = append(d.Attrs, imap.MailboxAttrHasNoChildren)
		}
		if options.ReturnStatus != nil {
			d.Status = statusData(m, options.ReturnStatus)
		}
		out = append(out, d)
	}
	st.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Mailbox < out[j].Mailbox })
	for i := range out {
		if err := w.WriteList(&out[i]); err != nil {
			return err
		}
	}
	return nil
}

func statusData(m *mailbox, o *imap.StatusOptions) *imap.StatusData {
	d := &imap.StatusData{Mailbox: m.name}
	n := uint32(len(m.msgs))
	var unseen, deleted uint32
	var size int64
	for _, msg := range m.msgs {
		if !hasFlag(msg.flags, imap.FlagSeen) {
			unseen++
		}
		if hasFlag(msg.flags, imap.FlagDeleted) {
			deleted++
		}
		size += int64(len(msg.body))
	}
	if o.NumMessages {
		d.NumMessages = &n
	}
	if o.UIDNext {
		d.UIDNext = m.uidNext
	}
	if o.UIDValidity {
		d.UIDValidity = m.validity
	}
	if o.NumUnseen {
		d.NumUnseen = &unseen
	}
	if o.NumDeleted {
		d.NumDeleted = &deleted
	}
	if o.Size {
		d.Size = &size
	}
	if o.NumRecent {
		zero := uint32(0)
		d.NumRecent = &zero
	}
	return d
}

func (s *session) Status(name string, options *imap.StatusOptions) (*imap.StatusData, error) {
	st := s.st()
	st.mu.RLock()
	defer st.mu.RUnlock()
	m := s.acct.boxes[boxName(name)]
	if m == nil {
		return nil, errNoMailbox
	}
	return statusData(m, options), nil
}

func (s *session) Append(name string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	body, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	nm := newMsg{body: body}
	if options != nil {
		nm.t, nm.flags = options.Time, options.Flags
	}
	return s.st().appendMsg(s.acct, name, nm)
}

func (s *session) Poll(w *imapserver.UpdateWriter, allowExpunge bool) error {
	v := s.tracker()
	if v == nil {
		return nil
	}
	return v.Poll(w, allowExpunge)
}

// Idle first flushes the updates queued since the last command, then
// waits for more.
func (s *session) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	v := s.tracker()
	if v == nil {
		<-stop
		return nil
	}
	if err := v.Poll(w, true); err != nil {
		return err
	}
	return v.Idle(w, stop)
}

var errReadOnly = &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Mailbox is read-only (EXAMINE)"}

// pick is a message of the selected mailbox with its sequence numbers in
// the server's and in this session's view.
type pick struct {
	seq, clientSeq uint32
	msg            *message
}

// pickLocked returns the messages of numSet in the selected mailbox.
// The caller holds the store's lock.
func (s *session) pickLocked(numSet imap.NumSet) []pick {
	if imap.IsSearchRes(numSet) {
		numSet = s.saved
	}
	m := s.box
	var out []pick
	switch set := numSet.(type) {
	case imap.SeqSet:
		set = staticSeqSet(set, uint32(len(m.msgs)))
		for i, msg := range m.msgs {
			cs := s.view.EncodeSeqNum(uint32(i + 1))
			if cs != 0 && set.Contains(cs) {
				out = append(out, pick{uint32(i + 1), cs, msg})
			}
		}
	case imap.UIDSet:
		set = staticUIDSet(set, m.uidNext-1)
		for i, msg := range m.msgs {
			if set.Contains(msg.uid) {
				out = append(out, pick{uint32(i + 1), s.view.EncodeSeqNum(uint32(i + 1)), msg})
			}
		}
	}
	return out
}

// staticSeqSet replaces "*" (0) by the last sequence number.
func staticSeqSet(in imap.SeqSet, last uint32) imap.SeqSet {
	out := make(imap.SeqSet, len(in))
	for i, r := range in {
		out[i] = imap.SeqRange{Start: orLast(r.Start, last), Stop: orLast(r.Stop, last)}
		if out[i].Start > out[i].Stop {
			out[i].Start, out[i].Stop = out[i].Stop, out[i].Start
		}
	}
	return out
}

func staticUIDSet(in imap.UIDSet, last imap.UID) imap.UIDSet {
	out := make(imap.UIDSet, len(in))
	for i, r := range in {
		out[i] = imap.UIDRange{Start: imap.UID(orLast(uint32(r.Start), uint32(last))), Stop: imap.UID(orLast(uint32(r.Stop), uint32(last)))}
		if out[i].Start > out[i].Stop {
			out[i].Start, out[i].Stop = out[i].Stop, out[i].Start
		}
	}
	return out
}

func orLast(v, last uint32) uint32 {
	if v == 0 {
		return last
	}
	return v
}

// changeFlagsLocked stores new flags for picked messages, in the file and
// then in memory, and tells the mailbox's other sessions.
func (s *session) changeFlagsLocked(picks []pick, newFlags func([]imap.Flag) []imap.Flag) error {
	changed := map[imap.UID][]imap.Flag{}
	for _, p := range picks {
		fl := canonFlags(newFlags(p.msg.flags))
		if !equalFlags(fl, p.msg.flags) {
			changed[p.msg.uid] = fl
		}
	}
	if err := s.st().setFlagsLocked(s.acct.name, s.box, changed); err != nil {
		return err
	}
	for _, p := range picks {
		if fl, ok := changed[p.msg.uid]; ok {
			p.msg.flags = fl
			s.box.tracker.QueueMessageFlags(p.seq, p.msg.uid, fl, s.view)
		}
	}
	return nil
}

func equalFlags(a, b []imap.Flag) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// fetched is what Fetch writes for one message, copied under the lock.
type fetched struct {
	clientSeq uint32
	uid       imap.UID
	flags     []imap.Flag
	msg       *message
}

func (s *session) Fetch(w *imapserver.FetchWriter, numSet imap.NumSet, options *imap.FetchOptions) error {
	markSeen := false
	for _, bs := range options.BodySection {
		markSeen = markSeen || !bs.Peek
	}
	for _, bs := range options.BinarySection {
		markSeen = markSeen || !bs.Peek
	}
	markSeen = markSeen && !s.readOnly
	st := s.st()
	var items []fetched
	err := func() error {
		st.mu.Lock()
		defer st.mu.Unlock()
		picks := s.pickLocked(numSet)
		if markSeen {
			err := s.changeFlagsLocked(picks, func(f []imap.Flag) []imap.Flag { return append(append([]imap.Flag(nil), f...), imap.FlagSeen) })
			if err != nil {
				return err
			}
		}
		for _, p := range picks {
			if p.clientSeq != 0 {
				items = append(items, fetched{p.clientSeq, p.msg.uid, p.msg.flags, p.msg})
			}
		}
		return nil
	}()
	if err != nil {
		return err
	}
	for _, it := range items {
		if err := writeFetch(w.CreateMessage(it.clientSeq), it, options, markSeen); err != nil {
			return err
		}
	}
	return nil
}

func writeFetch(rw *imapserver.FetchResponseWriter, it fetched, options *imap.FetchOptions, withFlags bool) error {
	body := it.msg.body
	rw.WriteUID(it.uid)
	if options.Flags || withFlags {
		rw.WriteFlags(it.flags)
	}
	if options.InternalDate {
		rw.WriteInternalDate(it.msg.t)
	}
	if options.RFC822Size {
		rw.WriteRFC822Size(int64(len(body)))
	}
	if options.Envelope {
		rw.WriteEnvelope(envelope(body))
	}
	if options.BodyStructure != nil {
		rw.WriteBodyStructure(imapserver.ExtractBodyStructure(bytes.NewReader(body)))
	}
	for _, bs := range options.BodySection {
		b := imapserver.ExtractBodySection(bytes.NewReader(body), bs)
		if err := writeSection(rw.WriteBodySection(bs, int64(len(b))), b); err != nil {
			return err
		}
	}
	for _, bs := range options.BinarySection {
		b := imapserver.ExtractBinarySection(bytes.NewReader(body), bs)
		if err := writeSection(rw.WriteBinarySection(bs, int64(len(b))), b); err != nil {
			return err
		}
	}
	for _, bss := range options.BinarySectionSize {
		rw.WriteBinarySectionSize(bss, imapserver.ExtractBinarySectionSize(bytes.NewReader(body), bss))
	}
	return rw.Close()
}

func writeSection(wc io.WriteCloser, b []byte) error {
	_, err := wc.Write(b)
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	return err
}

func (s *session) Store(w *imapserver.FetchWriter, numSet imap.NumSet, flags *imap.StoreFlags, _ *imap.StoreOptions) error {
	if s.readOnly {
		return errReadOnly
	}
	st := s.st()
	var items []fetched
	err := func() error {
		st.mu.Lock()
		defer st.mu.Unlock()
		picks := s.pickLocked(numSet)
		err := s.changeFlagsLocked(picks, func(cur []imap.Flag) []imap.Flag {
			switch flags.Op {
			case imap.StoreFlagsSet:
				return flags.Flags
			case imap.StoreFlagsAdd:
				return append(append([]imap.Flag(nil), cur...), flags.Flags...)
			default:
				var out []imap.Flag
				for _, f := range cur {
					if !hasFlag(flags.Flags, f) {
						out = append(out, f)
					}
				}
				return out
			}
		})
		if err != nil {
			return err
		}
		for _, p := range picks {
			if p.clientSeq != 0 {
				items = append(items, fetched{p.clientSeq, p.msg.uid, p.msg.flags, p.msg})
			}
		}
		return nil
	}()
	if err != nil || flags.Silent {
		return err
	}
	for _, it := range items {
		if err := writeFetch(w.CreateMessage(it.clientSeq), it, &imap.FetchOptions{Flags: true}, false); err != nil {
			return err
		}
	}
	return nil
}

func (s *session) Expunge(_ *imapserver.ExpungeWriter, uids *imap.UIDSet) error {
	if s.readOnly {
		return errReadOnly
	}
	st := s.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	gone := map[imap.UID]bool{}
	for _, msg := range s.box.msgs {
		if hasFlag(msg.flags, imap.FlagDeleted) && (uids == nil || uids.Contains(msg.uid)) {
			gone[msg.uid] = true
		}
	}
	if len(gone) == 0 {
		return nil
	}
	if err := st.write(func(tx *boltTx) error { return delMsgs(tx, s.acct.name, s.box, gone) }); err != nil {
		return err
	}
	// Every session, this one included, hears of it at its next poll.
	removeLocked(s.box, gone)
	return nil
}

// copyLocked adds the picked messages to dest, with their flags and
// dates, and returns the UIDs; with del it also removes them from the
// selected mailbox, in the same transaction.
func (s *session) copyLocked(picks []pick, dest *mailbox, del bool) (src, dst imap.UIDSet, err error) {
	var msgs []newMsg
	gone := map[imap.UID]bool{}
	for _, p := range picks {
		msgs = append(msgs, newMsg{t: p.msg.t, flags: p.msg.flags, body: p.msg.body})
		gone[p.msg.uid] = true
		src.AddNum(p.msg.uid)
	}
	if len(msgs) == 0 {
		return src, dst, nil
	}
	uids := newUIDs(dest, len(msgs))
	err = s.st().write(func(tx *boltTx) error {
		if err := putMsgs(tx, s.acct.name, dest, msgs, uids); err != nil {
			return err
		}
		if del {
			return delMsgs(tx, s.acct.name, s.box, gone)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	addLocked(dest, msgs, uids)
	if del {
		removeLocked(s.box, gone)
	}
	dst.AddNum(uids...)
	return src, dst, nil
}

func (s *session) Copy(numSet imap.NumSet, destName string) (*imap.CopyData, error) {
	st := s.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	dest := s.acct.boxes[boxName(destName)]
	if dest == nil {
		return nil, errTryCreate
	}
	src, dst, err := s.copyLocked(s.pickLocked(numSet), dest, false)
	if err != nil {
		return nil, err
	}
	return &imap.CopyData{UIDValidity: dest.validity, SourceUIDs: src, DestUIDs: dst}, nil
}

func (s *session) Move(w *imapserver.MoveWriter, numSet imap.NumSet, destName string) error {
	if s.readOnly {
		return errReadOnly
	}
	st := s.st()
	data, err := func() (*imap.CopyData, error) {
		st.mu.Lock()
		defer st.mu.Unlock()
		dest := s.acct.boxes[boxName(destName)]
		if dest == nil {
			return nil, errTryCreate
		}
		if dest == s.box {
			return nil, &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Source and destination mailboxes are identical"}
		}
		src, dst, err := s.copyLocked(s.pickLocked(numSet), dest, true)
		if err != nil {
			return nil, err
		}
		return &imap.CopyData{UIDValidity: dest.validity, SourceUIDs: src, DestUIDs: dst}, nil
	}()
	if err != nil {
		return err
	}
	// The EXPUNGE responses follow from this session's poll.
	return w.WriteCopyData(data)
}

func (s *session) Search(kind imapserver.NumKind, criteria *imap.SearchCriteria, options *imap.SearchOptions) (*imap.SearchData, error) {
	st := s.st()
	st.mu.RLock()
	defer st.mu.RUnlock()
	crit := s.staticCriteria(*criteria)
	var data imap.SearchData
	var seqs imap.SeqSet
	var uids imap.UIDSet
	for i, msg := range s.box.msgs {
		cs := s.view.EncodeSeqNum(uint32(i + 1))
		if cs == 0 || !matches(cs, msg, &crit) {
			continue
		}
		uids.AddNum(msg.uid)
		num := uint32(msg.uid)
		if kind == imapserver.NumKindSeq {
			seqs.AddNum(cs)
			num = cs
		}
		if data.Min == 0 || num < data.Min {
			data.Min = num
		}
		if num > data.Max {
			data.Max = num
		}
		data.Count++
	}
	if kind == imapserver.NumKindSeq {
		data.All = seqs
	} else {
		data.All = uids
	}
	if options != nil && options.ReturnSave {
		s.saved = uids
	}
	return &data, nil
}

// staticCriteria resolves "*" and "$" in a search's number sets.
func (s *session) staticCriteria(c imap.SearchCriteria) imap.SearchCriteria {
	var seqs []imap.SeqSet
	uids := append([]imap.UIDSet(nil), c.UID...)
	for _, set := range c.SeqNum {
		if imap.IsSearchRes(set) {
			uids = append(uids, s.saved)
			continue
		}
		seqs = append(seqs, staticSeqSet(set, uint32(len(s.box.msgs))))
	}
	for i, set := range uids {
		if imap.IsSearchRes(set) {
			uids[i] = s.saved
		} else {
			uids[i] = staticUIDSet(set, s.box.uidNext-1)
		}
	}
	c.SeqNum, c.UID = seqs, uids
	c.Not = append([]imap.SearchCriteria(nil), c.Not...)
	for i := range c.Not {
		c.Not[i] = s.staticCriteria(c.Not[i])
	}
	c.Or = append([][2]imap.SearchCriteria(nil), c.Or...)
	for i := range c.Or {
		c.Or[i] = [2]imap.SearchCriteria{s.staticCriteria(c.Or[i][0]), s.staticCriteria(c.Or[i][1])}
	}
	return c
}
