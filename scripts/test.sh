#!/usr/bin/env bash
# Install what is missing, then run the whole test suite on mock hardware. Extra args go to pytest.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/bootstrap.sh"
cd "$ROOT"
exec "$ROOT/.venv/bin/python" -m pytest "$@"
