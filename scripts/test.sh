#!/usr/bin/env bash
# Install what is missing, check the import contracts, then run the whole test suite on mock hardware. Extra args go to pytest.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/bootstrap.sh"
cd "$ROOT"
# the layers first: an import that runs back up (pyproject.toml's [tool.importlinter]) fails the build
"$ROOT/.venv/bin/lint-imports" --no-cache
exec "$ROOT/.venv/bin/python" -m pytest "$@"
