#!/usr/bin/python3
"""Starts one Swift server with its swift.conf read from a directory of our own.

Swift reads /etc/swift/swift.conf from a path built into its code; there is no flag for it. This
launcher points swift.common.utils at the cluster's directory before the server loads, so a test
cluster never writes into /etc.

Usage: swift-server.py SWIFT_DIR SERVER CONF_FILE   (SERVER: proxy, account, container, object)
"""
import sys

from swift.common import utils
from swift.common.wsgi import run_wsgi

swift_dir, server, conf_file = sys.argv[1:4]
utils.set_swift_dir(swift_dir)

extra = {}
if server == 'object':
    from swift.obj import server as object_server
    extra['global_conf_callback'] = object_server.global_conf_callback

sys.exit(run_wsgi(conf_file, server + '-server', **extra))
