"""Ctrl-C at the prompt of `tabula play` in a terminal (a pseudo-terminal here): it asks
"quit? (y/n)"; `y` saves the --record file and leaves with status 1. Prints the transcript
and the exit status for tests/all/play_session.rs."""
import os, pty, sys, time, select
bin, rec = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execv(bin, [bin, "play", "games/watershed.game", "--players", "human,random", "--seed", "1", "--record", rec])
out = b""
def wait_for(text, limit=20):
    global out
    end = time.time() + limit
    while text not in out and time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return text in out
assert wait_for(b"Dark: turn 1"), out
os.write(fd, b"c3\r")
assert wait_for(b"Dark: turn 3"), out
os.write(fd, b"\x03")
assert wait_for(b"quit? (y/n)"), out
os.write(fd, b"y\r")
if not wait_for(b"continues it"):
    os.kill(pid, 9)  # never wait for a child that hangs
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace"))
print("EXIT", os.waitstatus_to_exitcode(status))
