#!/usr/bin/env bash
# Install what the demo needs and is missing (not the browser and tools only the tests use), then
# run the station's main job on mock hardware (`mathstation demo`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/bootstrap.sh" --without-tests
exec "$ROOT/.venv/bin/mathstation" demo "$@"
