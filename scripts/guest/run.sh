#!/bin/sh
# make run: bring eth0 up, ping, the UDP flood before and after ethtool -C.
. /jobs/lib.sh

net_up || exit 1
ping -c 5 10.0.2.2 || exit 1
ethtool -c eth0
measure defaults udp_flood || exit 1
ethtool -C eth0 tx-usecs 0 tx-frames 1 || exit 1
ethtool -c eth0
measure coalesce-off udp_flood || exit 1
ethtool -S eth0
exit 0
