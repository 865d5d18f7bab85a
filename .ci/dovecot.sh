#!/usr/bin/env bash
# Start a throw-away Dovecot on loopback for pbem's mail integration tests.
#
#   IMAP  127.0.0.1:10143 (plaintext; LOGIN is allowed on loopback)
#   LMTP  127.0.0.1:10024 (deliver test mail straight into a mailbox)
#   users pbem / pbem-secret and player / player-secret
#
# Usage (Debian 12, as root):   eval "$(.ci/dovecot.sh [DIR])"
# DIR holds the configuration, the mail and the log (default /tmp/pbem-dovecot).
# The script is idempotent: it installs the packages only when missing and
# restarts a Dovecot it started earlier from the same DIR. Progress goes to
# stderr; stdout is only the export lines for the tests.
# Stop it with:   dovecot -c DIR/dovecot.conf stop
set -euo pipefail

D=${1:-/tmp/pbem-dovecot}
IMAP_PORT=10143
LMTP_PORT=10024
PKGS="dovecot-imapd dovecot-lmtpd"

log() { echo "dovecot.sh: $*" >&2; }

if [ "$(id -u)" != 0 ]; then
  log "must run as root (it installs packages and starts Dovecot)"
  exit 1
fi

# 1. Packages.
if dpkg -s $PKGS >/dev/null 2>&1; then
  log "packages already installed"
else
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists only when apt does not know the packages.
  if ! apt-cache show dovecot-imapd >/dev/null 2>&1 || ! apt-cache show dovecot-lmtpd >/dev/null 2>&1; then
    log "apt-get update"
    apt-get update -qq >&2
  fi
  log "installing $PKGS"
  if ! apt-get install -y -qq --no-install-recommends $PKGS >&2; then
    # Stale lists point at versions the mirror no longer has.
    log "install failed; apt-get update and retry"
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends $PKGS >&2
  fi
fi

# 2. Configuration.
D=$(mkdir -p "$D" && cd "$D" && pwd)
mkdir -p "$D/run" "$D/state" "$D/mail"
chown nobody:nogroup "$D/mail"
cat >"$D/dovecot.conf" <<CONF
protocols = imap lmtp
listen = 127.0.0.1
base_dir = $D/run
state_dir = $D/state
log_path = $D/dovecot.log
info_log_path = $D/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Ln
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $D/users
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=$D/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
CONF
printf '%s\n' 'pbem:{PLAIN}pbem-secret' 'player:{PLAIN}player-secret' >"$D/users"
chown root:dovecot "$D/users"
chmod 640 "$D/users"
dovecot -c "$D/dovecot.conf" -n >/dev/null # syntax check

# 3. (Re)start.
if [ -f "$D/run/master.pid" ] && kill -0 "$(cat "$D/run/master.pid")" 2>/dev/null; then
  log "stopping the running instance"
  dovecot -c "$D/dovecot.conf" stop </dev/null >/dev/null 2>&1 || true
  for _ in $(seq 1 100); do
    [ -f "$D/run/master.pid" ] && kill -0 "$(cat "$D/run/master.pid")" 2>/dev/null || break
    sleep 0.05
  done
fi
log "starting Dovecot (config $D/dovecot.conf, log $D/dovecot.log)"
dovecot -c "$D/dovecot.conf" </dev/null >/dev/null 2>&1

# 4. Wait for the ports.
for p in $IMAP_PORT $LMTP_PORT; do
  ok=0
  for _ in $(seq 1 200); do
    if (exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null; then ok=1; break; fi
    sleep 0.05
  done
  if [ $ok != 1 ]; then
    log "port $p did not open; see $D/dovecot.log"
    tail -n 20 "$D/dovecot.log" >&2 || true
    exit 1
  fi
done
log "ready"

cat <<EOF
export PBEM_DOVECOT_IMAP=127.0.0.1:$IMAP_PORT
export PBEM_DOVECOT_LMTP=127.0.0.1:$LMTP_PORT
export PBEM_DOVECOT_USER=pbem
export PBEM_DOVECOT_PASS=pbem-secret
export PBEM_DOVECOT_PLAYER_USER=player
export PBEM_DOVECOT_PLAYER_PASS=player-secret
export PBEM_DOVECOT_CONF=$D/dovecot.conf
EOF
