#!/usr/bin/env python3
"""Independent checker for pbem game records (PBEM-DICE-v1, see docs/dice.md).

Usage: verify_dice.py RECORD.json

Checks that every revealed secret chains to its commitment, recomputes the
digest of every entry and every draw whose secret is revealed, prints a
summary and exits 1 on any mismatch. Python 3.8+, standard library only.
"""
import hashlib, hmac, json, struct, sys

def sha(*parts):
    return hashlib.sha256(b"".join(parts)).digest()

def chain_keys(commit_hex, revealed, problems, name):
    """Return {epoch: key} for every epoch up to the last good revealed secret.

    Secrets are checked in epoch order, each against the last good one below it."""
    good, good_x = 0, bytes.fromhex(commit_hex)
    for s in sorted(revealed, key=lambda s: s["epoch"]):
        x = bytes.fromhex(s["secret"])
        for _ in range(s["epoch"] - good):
            x = sha(b"pbem-dice-v1/chain\0", x)
        if s["epoch"] > good and x == good_x:
            good, good_x = s["epoch"], bytes.fromhex(s["secret"])
        elif not (s["epoch"] == good > 0 and s["secret"] == good_x.hex()):
            problems.append(f"{name} secret of epoch {s['epoch']} does not chain to the commitment")
    keys, t, x = {}, good, good_x
    while t > 0:
        keys[t], t, x = x, t - 1, sha(b"pbem-dice-v1/chain\0", x)
    return keys

def draw(key, game, stream, epoch, counter, digest, size):
    msg = (b"pbem-dice-v1/roll\0" + game.encode() + b"\0" + stream.encode() + b"\0"
           + struct.pack(">II", epoch, counter) + digest)
    h = hmac.new(key, msg, hashlib.sha256).digest()
    while True:
        if stream == "public":      # die of `size` faces: 1..size
            limit = 256 - 256 % size
            for b in h:
                if b < limit:
                    return b % size + 1
        else:                       # hidden draw of `size` choices: 0..size-1
            limit = 2**24 - 2**24 % size
            for i in range(0, 30, 3):
                v = int.from_bytes(h[i:i + 3], "big")
                if v < limit:
                    return v % size
        h = hmac.new(key, h, hashlib.sha256).digest()

def header_digest(rec):
    text = "game %s\nscenario %s\n" % (rec["game"], rec["scenario"])
    opts = rec.get("options") or {}
    text += "".join("option %s=%s\n" % (k, opts[k]) for k in sorted(opts, key=lambda k: k.encode()))
    text += "".join("role %s\n" % r for r in rec.get("roles") or [])
    return sha(b"pbem-dice-v1/digest\0", rec["game_id"].encode(), b"\0", text.encode())

def entry_bytes(e, entropy):
    text = "role %s\nkind %s\n" % (e["role"], e["kind"])
    text += "".join("line %s\n" % l for l in e.get("lines") or [])
    text += "".join("entropy %s\n" % l for l in entropy)
    return text.encode()

def entry_digest(prev, e):
    return sha(b"pbem-dice-v1/entry\0", prev, entry_bytes(e, e.get("entropy") or []))

def check_salt(e, keys, problems):
    """The server's salt line must be the HMAC the hidden chain fixes (docs/dice.md 4.3)."""
    entropy = e.get("entropy") or []
    if e.get("redacted") or not entropy or not entropy[-1].startswith("pbem-salt ") or e["epoch"] not in keys:
        return 0
    want = "pbem-salt " + hmac.new(keys[e["epoch"]], b"pbem-dice-v1/salt\0" + entry_bytes(e, entropy[:-1]),
                                   hashlib.sha256).hexdigest()
    if want != entropy[-1]:
        problems.append(f"entry {e['seq']}: salt: expected {want}, found {entropy[-1]}")
    return 1

def verify(rec):
    problems, dh = [], rec["dice"]
    if dh["scheme"] != "PBEM-DICE-v1":
        return [f"unknown scheme {dh['scheme']}"], 0, 0
    keys = {"public": chain_keys(dh["public_commit"], dh.get("public_secrets") or [], problems, "public"),
            "hidden": chain_keys(dh["hidden_commit"], [dh["hidden_secret"]] if dh.get("hidden_secret") else [], problems, "hidden")}
    draws = {}
    for i, d in enumerate(rec.get("draws") or []):
        draws.setdefault(d["entry"], []).append((i, d))
    after = {0: (header_digest(rec), 0, {"public": 0, "hidden": 0})}  # seq -> (digest, epoch, next counters)
    digest, epoch, counters = after[0]
    verified = pending = 0
    for e in rec["entries"]:
        if e["kind"] == "rollback":   # back to the digest and counters after entry "to"
            digest, epoch, counters = after[e["to"]]
            if e["digest"] != digest.hex():
                problems.append(f"entry {e['seq']}: rollback digest: expected {digest.hex()}, found {e['digest']}")
            after[e["seq"]] = (digest, epoch, dict(counters))
            continue
        check_salt(e, keys["hidden"], problems)
        digest = entry_digest(digest, e)
        if e.get("redacted"):  # text still secret: take the digest on trust
            digest = bytes.fromhex(e["digest"])
        elif e["digest"] != digest.hex():
            problems.append(f"entry {e['seq']}: digest: expected {digest.hex()}, found {e['digest']}")
            digest = bytes.fromhex(e["digest"])  # the draws were made with the recorded digest
        if e["epoch"] != epoch:
            epoch, counters = e["epoch"], {"public": 0, "hidden": 0}
        for i, d in draws.get(e["seq"], []):
            s = d["stream"]
            if d["counter"] != counters[s] or d["epoch"] != epoch:
                problems.append(f"entry {e['seq']}: draw {i}: expected {s} epoch {epoch} counter {counters[s]}, "
                                f"found epoch {d['epoch']} counter {d['counter']}")
            counters[s] += 1
            if d["epoch"] not in keys[s]:
                pending += 1
                continue
            size = d["sides"] if s == "public" else d["n"]
            v = draw(keys[s][d["epoch"]], rec["game_id"], s, d["epoch"], d["counter"], digest, size)
            if v != d["result"]:
                problems.append(f"entry {e['seq']}: draw {i}: {s} {d['purpose']!r}: expected {v}, found {d['result']}")
            else:
                verified += 1
        after[e["seq"]] = (digest, epoch, dict(counters))
    seen = sum(len(draws.get(e["seq"], [])) for e in rec["entries"] if e["kind"] != "rollback")
    if seen != len(rec.get("draws") or []):
        problems.append(f"{len(rec['draws']) - seen} draws belong to no entry")
    return problems, verified, pending

def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            rec = json.load(f)
        problems, verified, pending = verify(rec)
    except (OSError, ValueError, KeyError, TypeError, struct.error) as e:
        sys.exit(f"{sys.argv[1]}: cannot check this record: {e!r}")
    for p in problems:
        print("MISMATCH", p)
    summary = (f"game {rec['game_id']}: {len(rec['entries'])} entries, {len(rec.get('draws') or [])} draws: "
               f"{verified} verified, {pending} not yet verifiable")
    redacted = sum(1 for e in rec["entries"] if e.get("redacted"))
    if redacted:
        summary += f"; {redacted} redacted entries unchecked"
    print(summary)
    print("FAILED" if problems else "OK")
    sys.exit(1 if problems else 0)

if __name__ == "__main__":
    main()
