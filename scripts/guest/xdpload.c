// SPDX-License-Identifier: GPL-2.0-only
/*
 * xdpload IFNAME drop|pass|tx|redirect|aborted|off: attach a one-purpose
 * XDP program to IFNAME in native (driver) mode, or detach it. The board's
 * userland has no iproute2, clang or libbpf: the programs are a few eBPF
 * instructions written out here, loaded with bpf(2) and attached over
 * rtnetlink, whose extended ack (the driver's reason for a refusal) is
 * printed as "xdpload: <message>". "tx" swaps the Ethernet addresses and
 * sends each frame back out of the port it came in on; "redirect" does the
 * same through the bpf_redirect() helper (XDP_REDIRECT to IFNAME's own
 * ifindex, which ndo_xdp_xmit sends at the poll's end). Every program lets
 * ARP in a VLAN tag through (the board's ports talk over VLAN 77): the
 * sender must keep finding the port under test.
 *
 * Built static for the board by scripts/board.sh (make check's board
 * test, scripts/guest/check.sh c_xdp).
 */
#include <errno.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_IMM(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define LDX(sz, d, s, o) INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, s, o) INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define JGT_REG(d, s, o) INSN(BPF_JMP | BPF_JGT | BPF_X, d, s, o, 0)
#define JNE_IMM(d, i, o) INSN(BPF_JMP | BPF_JNE | BPF_K, d, 0, o, i)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)

/* XDP_PASS for ARP after an 802.1Q tag (type 0x0806 at bytes 16-17); the
 * program's own action follows, from the 11th instruction.
 */
static int prog_arp(struct bpf_insn *p)
{
	p[0] = LDX(BPF_W, BPF_REG_2, BPF_REG_1, offsetof(struct xdp_md, data));
	p[1] = LDX(BPF_W, BPF_REG_3, BPF_REG_1,
		   offsetof(struct xdp_md, data_end));
	p[2] = MOV_REG(BPF_REG_4, BPF_REG_2);
	p[3] = ADD_IMM(BPF_REG_4, 18);
	p[4] = JGT_REG(BPF_REG_4, BPF_REG_3, 6);
	p[5] = LDX(BPF_B, BPF_REG_5, BPF_REG_2, 16);
	p[6] = JNE_IMM(BPF_REG_5, 0x08, 4);
	p[7] = LDX(BPF_B, BPF_REG_5, BPF_REG_2, 17);
	p[8] = JNE_IMM(BPF_REG_5, 0x06, 2);
	p[9] = MOV_IMM(BPF_REG_0, XDP_PASS);
	p[10] = EXIT();
	return 11;
}

static int prog_ret(int act, struct bpf_insn *p)
{
	p[0] = MOV_IMM(BPF_REG_0, act);
	p[1] = EXIT();
	return 2;
}

/* The @na instructions @act after swapping the destination and source
 * addresses, byte by byte (no alignment to assume); XDP_PASS for a frame
 * shorter than them.
 */
static int prog_swap(struct bpf_insn *p, const struct bpf_insn *act, int na)
{
	int n = 0, i;

	p[n++] = LDX(BPF_W, BPF_REG_2, BPF_REG_1,
		     offsetof(struct xdp_md, data));
	p[n++] = LDX(BPF_W, BPF_REG_3, BPF_REG_1,
		     offsetof(struct xdp_md, data_end));
	p[n++] = MOV_REG(BPF_REG_4, BPF_REG_2);
	p[n++] = ADD_IMM(BPF_REG_4, 12);
	p[n++] = JGT_REG(BPF_REG_4, BPF_REG_3, 6 * 4 + na);
	for (i = 0; i < 6; i++) {
		p[n++] = LDX(BPF_B, BPF_REG_5, BPF_REG_2, i);
		p[n++] = LDX(BPF_B, BPF_REG_6, BPF_REG_2, i + 6);
		p[n++] = STX(BPF_B, BPF_REG_2, BPF_REG_6, i);
		p[n++] = STX(BPF_B, BPF_REG_2, BPF_REG_5, i + 6);
	}
	for (i = 0; i < na; i++)
		p[n++] = act[i];
	return n + prog_ret(XDP_PASS, p + n);
}

/* XDP_TX, addresses swapped */
static int prog_tx(struct bpf_insn *p)
{
	const struct bpf_insn act[] = { MOV_IMM(BPF_REG_0, XDP_TX), EXIT() };

	return prog_swap(p, act, 2);
}

/* bpf_redirect(@ifindex, 0), addresses swapped: its answer, XDP_REDIRECT,
 * is the program's
 */
static int prog_redirect(int ifindex, struct bpf_insn *p)
{
	const struct bpf_insn act[] = {
		MOV_IMM(BPF_REG_1, ifindex),
		MOV_IMM(BPF_REG_2, 0),
		CALL(BPF_FUNC_redirect),
		EXIT(),
	};

	return prog_swap(p, act, 4);
}

static int prog_load(const char *what, int ifindex)
{
	static char log[65536];
	struct bpf_insn insns[64];
	union bpf_attr attr;
	int n, fd;

	n = prog_arp(insns);
	if (!strcmp(what, "drop"))
		n += prog_ret(XDP_DROP, insns + n);
	else if (!strcmp(what, "pass"))
		n += prog_ret(XDP_PASS, insns + n);
	else if (!strcmp(what, "aborted"))
		n += prog_ret(XDP_ABORTED, insns + n);
	else if (!strcmp(what, "tx"))
		n += prog_tx(insns + n);
	else if (!strcmp(what, "redirect"))
		n += prog_redirect(ifindex, insns + n);
	else
		return -2;
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_XDP;
	attr.insn_cnt = n;
	attr.insns = (uintptr_t)insns;
	attr.license = (uintptr_t)"GPL";
	attr.log_buf = (uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	fd = syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
	if (fd < 0)
		fprintf(stderr, "xdpload: BPF_PROG_LOAD: %s\n%s", strerror(errno),
			log);
	return fd;
}

struct req {
	struct nlmsghdr nh;
	struct ifinfomsg ifi;
	char attrs[64];
};

static void put_attr(struct req *r, int type, const void *data, int len)
{
	struct nlattr *a = (void *)((char *)r + NLMSG_ALIGN(r->nh.nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	r->nh.nlmsg_len = NLMSG_ALIGN(r->nh.nlmsg_len) + NLA_ALIGN(a->nla_len);
}

/* The kernel's answer: 0, or its error with the extack message if any. */
static int read_ack(int sk)
{
	char buf[4096];
	struct nlmsghdr *nh = (void *)buf;
	struct nlmsgerr *e;
	struct nlattr *a;
	int len, off;

	len = recv(sk, buf, sizeof(buf), 0);
	if (len < (int)NLMSG_LENGTH(sizeof(*e)) || nh->nlmsg_type != NLMSG_ERROR)
		return -EIO;
	e = NLMSG_DATA(nh);
	if (!e->error)
		return 0;
	off = NLMSG_LENGTH(sizeof(*e));
	if (!(nh->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - NLMSG_HDRLEN;
	while (off + NLA_HDRLEN <= (int)nh->nlmsg_len) {
		a = (void *)(buf + off);
		if (a->nla_len < NLA_HDRLEN)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == NLMSGERR_ATTR_MSG)
			fprintf(stderr, "xdpload: %.*s\n",
				(int)(a->nla_len - NLA_HDRLEN),
				(char *)a + NLA_HDRLEN);
		off += NLA_ALIGN(a->nla_len);
	}
	return e->error;
}

static int attach(int ifindex, int fd)
{
	__u32 flags = XDP_FLAGS_DRV_MODE;
	struct req r = {};
	struct nlattr *nest;
	int sk, one = 1, err;

	r.nh.nlmsg_len = NLMSG_LENGTH(sizeof(r.ifi));
	r.nh.nlmsg_type = RTM_SETLINK;
	r.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	r.ifi.ifi_family = AF_UNSPEC;
	r.ifi.ifi_index = ifindex;
	nest = (void *)((char *)&r + NLMSG_ALIGN(r.nh.nlmsg_len));
	put_attr(&r, IFLA_XDP | NLA_F_NESTED, NULL, 0);
	put_attr(&r, IFLA_XDP_FD, &fd, sizeof(fd));
	put_attr(&r, IFLA_XDP_FLAGS, &flags, sizeof(flags));
	nest->nla_len = (char *)&r + r.nh.nlmsg_len - (char *)nest;

	sk = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (sk < 0)
		return -errno;
	setsockopt(sk, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	err = send(sk, &r, r.nh.nlmsg_len, 0) < 0 ? -errno : read_ack(sk);
	close(sk);
	return err;
}

int main(int argc, char **argv)
{
	int ifindex, fd = -1, err;

	if (argc != 3) {
		fprintf(stderr, "usage: xdpload IFNAME drop|pass|tx|redirect|aborted|off\n");
		return 2;
	}
	ifindex = if_nametoindex(argv[1]);
	if (!ifindex) {
		fprintf(stderr, "xdpload: no interface %s\n", argv[1]);
		return 2;
	}
	if (strcmp(argv[2], "off")) {
		fd = prog_load(argv[2], ifindex);
		if (fd == -2) {
			fprintf(stderr, "xdpload: unknown program %s\n", argv[2]);
			return 2;
		}
		if (fd < 0)
			return 1;
	}
	err = attach(ifindex, fd);
	if (err) {
		fprintf(stderr, "xdpload: attaching to %s: %s\n", argv[1],
			strerror(-err));
		return 1;
	}
	return 0;
}
