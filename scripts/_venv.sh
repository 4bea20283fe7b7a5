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
