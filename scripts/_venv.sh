# Sourced by scripts/run and scripts/test: make the project's own virtual
# environment (.venv) and install the project and its test tools into it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# Re-install only when the project's requirements changed since last time.
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
  .venv/bin/python -m pip install --quiet -e '.[test]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# The editor's German: the .ts compiled to .qm by pyside6-lrelease (the one
# PySide6-Essentials ships) whenever the .ts is newer than its .qm.
for ts in resources/translations/*.ts; do
  qm="${ts%.ts}.qm"
  if [ ! -f "$qm" ] || [ "$ts" -nt "$qm" ]; then
    .venv/bin/python scripts/translations.py compile >/dev/null
    break
  fi
done
