"""What an appliance builder expects of a command-line program (issue 29):
- the man pages and the bash and zsh completions name every option `help` lists, for every
  subcommand (they are generated from the same table, and this checks it);
- `--version` and `-V` after every subcommand;
- a missing input file exits 66 (EX_NOINPUT);
- stderr lines carry <3>/<4>/<6> when stderr is the journal (JOURNAL_STREAM names it), plain
  text otherwise.

  python3 tests/cli/conventions.py BIN"""
import os, re, shutil, subprocess, sys, tempfile

BIN = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(name, condition, detail=""):
    if condition:
        print(f"ok   {name}")
    else:
        failures.append(name)
        print(f"FAIL {name}" + (f"\n     {detail.strip()[:1500]}" if detail else ""))


def run(*args, **kw):
    return subprocess.run([BIN, *args], capture_output=True, text=True, **kw)


def subcommands():
    text = run("help").stdout
    block = text.split("SUBCOMMANDS:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in block.splitlines() if line.strip()]


def options(sub):
    text = run("help", sub).stdout
    block = text.split("OPTIONS:\n", 1)[1]
    return sorted(set(re.findall(r"^  (?:-\w, )?(--[a-z][a-z0-9-]*)", block, re.M)))


subs = subcommands()
check("help lists the subcommands", len(subs) >= 9 and "manual" in subs and "run" in subs, " ".join(subs))
man1 = run("manual", "knob-panel.1").stdout
man5 = run("manual", "knob-panel-layout.5").stdout
bash = run("manual", "bash").stdout
zsh = run("manual", "zsh").stdout
man_text = man1.replace("\\-", "-").replace("\\fB", "").replace("\\fR", "").replace("\\fI", "")
missing = {"man": [], "bash": [], "zsh": []}
for sub in subs:
    opts = options(sub)
    if not opts:
        failures.append(f"no options parsed for {sub}")
    # bash: the subcommand's case line lists its options.
    case = re.search(rf"^        {re.escape(sub)}\) opts='([^']*)'", bash, re.M)
    bash_opts = case.group(1).split() if case else []
    zsh_case = re.search(rf"^        {re.escape(sub)}\)\n(.*?)^            ;;", zsh, re.M | re.S)
    zsh_block = zsh_case.group(1) if zsh_case else ""
    man_block = man_text.split(f'.SS "knob-panel {sub}"', 1)[1].split(".SS ", 1)[0] if f'.SS "knob-panel {sub}"' in man_text else ""
    for o in opts:
        if o not in bash_opts:
            missing["bash"].append(f"{sub} {o}")
        if not re.search(rf"(^|[^a-z-]){re.escape(o)}([^a-z-]|$)", zsh_block) and not (o in ("--help", "--version") and "--help,--version" not in zsh_block and "{-h,--help}" in zsh_block and "{-V,--version}" in zsh_block):
            missing["zsh"].append(f"{sub} {o}")
        if o not in ("--help", "--version") and o not in man_block:
            missing["man"].append(f"{sub} {o}")
    check(f"{sub}: {len(opts)} options in help", len(opts) >= 2)
for where, items in missing.items():
    check(f"every option of help is in the {where} {'page' if where == 'man' else 'completion'}", not items, ", ".join(items[:20]))
check("man page: common options", "-V, --version" in man_text or ("-V" in man_text and "--version" in man_text))
check("layout page names every widget type", all(f'.SS "{t}"' in man5 for t in ("knob", "slider", "button", "label", "indicator")), man5[:300])
if shutil.which("bash"):
    r = subprocess.run(["bash", "-n"], input=bash, capture_output=True, text=True)
    check("bash completion parses (bash -n)", r.returncode == 0, r.stderr)
if shutil.which("zsh"):
    r = subprocess.run(["zsh", "-n"], input=zsh, capture_output=True, text=True)
    check("zsh completion parses (zsh -n)", r.returncode == 0, r.stderr)
if shutil.which("groff"):
    for name, page in (("knob-panel.1", man1), ("knob-panel-layout.5", man5)):
        r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=page, capture_output=True, text=True)
        check(f"{name} formats without groff warnings", r.returncode == 0 and not r.stderr.strip(), r.stderr)

for sub in subs:
    for flag in ("--version", "-V"):
        r = run(sub, flag)
        check(f"{sub} {flag}", r.returncode == 0 and re.match(r"knob-panel \d+\.\d+", r.stdout), r.stdout + r.stderr)
r = subprocess.run([BIN, "-V"], capture_output=True, text=True)
check("knob-panel -V", r.returncode == 0 and r.stdout.startswith("knob-panel "), r.stdout + r.stderr)

tmp = tempfile.mkdtemp()
try:
    none = os.path.join(tmp, "none.json")
    for args in (["check", none], ["render", none, "--out", os.path.join(tmp, "x.png")], ["bench", none],
                 ["layout", none], ["run", none, "--headless", "--exit-after", "0.1"],
                 ["render", os.path.join(ROOT, "panels/demo.json"), "--out", os.path.join(tmp, "y.png"), "--input", os.path.join(tmp, "none.jsonl")],
                 ["compare", os.path.join(tmp, "a.png"), os.path.join(tmp, "b.png")]):
        r = run(*args)
        check(f"{' '.join(a.replace(tmp, 'T') for a in args)}: missing input exits 66", r.returncode == 66, f"exit {r.returncode}: {r.stderr}")

    # stderr as the journal: JOURNAL_STREAM names fd 2's device and inode.
    err_path = os.path.join(tmp, "stderr")
    bad_layout = os.path.join(tmp, "bad.json")
    open(bad_layout, "w").write('{"panel": "x", "size": [100, 100], "pages": [{"id": "p", "widgets": [{"id": "k", "type": "knb", "frame": [0, 0, 50, 50]}]}]}\n')
    with open(err_path, "w") as f:
        st = os.fstat(f.fileno())
        env = dict(os.environ, JOURNAL_STREAM=f"{st.st_dev}:{st.st_ino}")
        subprocess.run([BIN, "check", bad_layout], stderr=f, stdout=subprocess.DEVNULL, env=env)
        subprocess.run([BIN, "render", os.path.join(ROOT, "panels/demo.json"), "--out", os.path.join(tmp, "z.png"), "--bogus-option"], stderr=f, stdout=subprocess.DEVNULL, env=env)
        subprocess.run([BIN, "run", os.path.join(ROOT, "panels/demo.json"), "--headless", "--exit-after", "0.2"], stderr=f, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env)
    lines = open(err_path).read().splitlines()
    check("journal: every stderr line has a priority prefix", lines and all(re.match(r"<[346]>", l) for l in lines), "\n".join(lines))
    check("journal: a layout error is <3>", any(l.startswith("<3>") and ": error: " in l for l in lines), "\n".join(lines))
    check("journal: a usage error is <3>", any(l.startswith("<3>knob-panel: error: ") for l in lines), "\n".join(lines))
    check("journal: a note is <6>", any(l.startswith("<6>knob-panel: ") for l in lines), "\n".join(lines))
    # The variable inherited by a process whose stderr went elsewhere: plain text.
    r = subprocess.run([BIN, "check", bad_layout], capture_output=True, text=True, env=env)
    check("journal: plain text when stderr is not the journal's stream", r.stderr and not r.stderr.startswith("<"), r.stderr)
finally:
    shutil.rmtree(tmp)

print(f"conventions: {'FAILED ' + str(len(failures)) if failures else 'all passed'}")
sys.exit(1 if failures else 0)
