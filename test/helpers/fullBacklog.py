# A TCP listener on 127.0.0.1 that never accepts, with a backlog of 0: once one connection waits in
# its accept queue, Linux drops the SYN of every further one, so their connect never completes.
# Node cannot make one: libuv accepts every connection as it arrives. Prints the port; ends with stdin.
import socket
import sys

listener = socket.socket()
listener.bind(('127.0.0.1', 0))
listener.listen(0)
print(listener.getsockname()[1], flush=True)
sys.stdin.read()
