# Summarise SASS of PTX dumps: instruction mix of the whole kernel and of its largest loop.
#   python3 bench/tuning/sass.py DIR    # every DIR/*.ptx (as perf.cpp writes them with PERF_PTX);
# needs CUDA's ptxas and cuobjdump on PATH; builds for sm_90.
import re, subprocess, sys, glob, os
for ptx in sorted(glob.glob(sys.argv[1] + '/*.ptx')):
    clean = ptx + '.clean'
    open(clean, 'wb').write(open(ptx, 'rb').read().replace(b'\0', b''))
    cub = ptx + '.cubin'
    r = subprocess.run(['ptxas', '-arch=sm_90', '-v', clean, '-o', cub], capture_output=True, text=True)
    regs = re.findall(r'Used (\d+) registers', r.stderr)
    sass = subprocess.run(['cuobjdump', '-sass', cub], capture_output=True, text=True).stdout
    lines = [l for l in sass.splitlines() if re.match(r'\s+/\*[0-9a-f]{4}\*/', l)]
    ops = []
    for l in lines:
        m = re.match(r'\s+/\*([0-9a-f]{4})\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)', l)
        if m: ops.append((int(m.group(1), 16), m.group(3), l))
    # largest backward branch = main loop
    best = None
    for addr, op, l in ops:
        if op.startswith('BRA'):
            t = re.search(r'0x([0-9a-f]+)', l)
            if t and int(t.group(1), 16) < addr:
                span = addr - int(t.group(1), 16)
                if not best or span > best[0]: best = (span, int(t.group(1), 16), addr)
    def mix(sel):
        c = {}
        for a, op, l in sel:
            k = op.split('.')[0]; c[k] = c.get(k, 0) + 1
        return c
    total = mix(ops)
    loop = mix([o for o in ops if best and best[1] <= o[0] <= best[2]]) if best else {}
    n = sum(loop.values()) or 1
    print(f"{os.path.basename(ptx):34s} regs {regs} kernel {len(ops)} instr ({len(ops)*16//1024} KiB); loop {n} instr, FFMA/DFMA {100*(loop.get('FFMA',0)+loop.get('DFMA',0))/n:.1f}%: " +
          ', '.join(f"{k} {v}" for k, v in sorted(loop.items(), key=lambda x: -x[1])[:10]))
