#!/usr/bin/env bash
# Install what is missing, then run the station's main job on mock hardware (`mathstation demo`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/bootstrap.sh"
exec "$ROOT/.venv/bin/mathstation" demo "$@"
