#!/usr/bin/env bash
# Runs a command the way it runs on a Linux desktop: an X display (Xvfb), a D-Bus session bus and an
# unlocked GNOME keyring, so Electron opens real windows and safeStorage encrypts with libsecret
# (without a keyring it falls back to basic_text, which the smoke suite then reports).
set -euo pipefail
exec xvfb-run --auto-servernum --server-args='-screen 0 1920x1080x24' \
  dbus-run-session -- bash -c '
    # A throwaway keyring of this session (its own XDG_DATA_HOME, so no earlier keyring with another
    # password is found); an empty password would make the daemon prompt for one.
    export XDG_DATA_HOME="$(mktemp -d)"
    printf "fleetdesk-smoke" | gnome-keyring-daemon --unlock --components=secrets >/dev/null ||
      echo "no GNOME keyring: safeStorage falls back to basic_text" >&2
    exec "$@"' bash "$@"
