"""The one way the Python test scripts report: `ok`/`FAIL` lines, counted, and a summary that
gives the exit status. Shared by tests/cli/appliance.py and tests/studio/."""
import sys

passed = failed = 0


def ok(name):
    global passed
    passed += 1
    print(f"  ok    {name}", flush=True)


def bad(name, detail=""):
    global failed
    failed += 1
    print(f"  FAIL  {name}", flush=True)
    for line in str(detail).splitlines()[-15:]:
        print(f"        {line}")


def check(cond, name, detail=""):
    ok(name) if cond else bad(name, detail)
    return cond


def note(text):
    print(f"  note  {text}", flush=True)


def finish(title):
    """Prints `TITLE: N passed, M failed` and exits 1 when anything failed."""
    print(f"{title}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
