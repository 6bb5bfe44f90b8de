"""Import cycles among the modules of station/ and engine/ (grimp): each strongly connected group of
modules is one cycle. Run: .venv/bin/python scripts/import_cycles.py (exit 1 if there is one)."""
import sys
import grimp

g = grimp.build_graph("station", "engine", include_external_packages=False)
mods = sorted(g.modules)
adj = {m: set(g.find_modules_directly_imported_by(m)) for m in mods}
# Tarjan SCC
index = {}; low = {}; stack = []; on = set(); sccs = []; counter = [0]
sys.setrecursionlimit(10000)
def strong(v):
    index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
    for w in adj[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: sccs.append(sorted(comp))
for m in mods:
    if m not in index: strong(m)
print(f"{len(sccs)} import cycles (strongly connected groups of modules)")
for c in sccs:
    print(f"  {len(c)}: {', '.join(c)}")
sys.exit(1 if sccs else 0)
