// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC's frame preemption (ethtool --set-mm / --show-mm), through the
 * real driver on the model of xgmac_model.c: MAC_FPE_CTRL_STS,
 * MTL_FPE_CTRL_STS, MAC_RxQ_Ctrl1 and the interrupt enable against the
 * databook's offsets and bits written as literals; the verification of
 * the link partner against a model peer that answers (a MAC merge layer),
 * a loop (our own verify mPacket comes back, and is answered) and one
 * that does not. Preemption is modelled at register level only: mPackets,
 * not fragments; and the model cannot see the driver read the status,
 * which it clears once the interrupt handler has run.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/ethtool.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's registers, as literals */
#define XF_FPE_CTRL		0x0280
#define XF_EFPE			0x1u		/* bit 0 */
#define XF_INT_EN		0x00b4
#define XF_FPEIE		0x8000u		/* bit 15 */
#define XF_RXQ_CTRL1		0x00a4
#define XF_FPRQ(v)		(((v) >> 4) & 0xf)
#define XF_MTL_FPE		0x1090
#define XF_AFSZ(v)		((v) & 3)
#define XF_PEC(v)		(((v) >> 8) & 0xff)

static struct dh_suite xf_hs = {
	.name = "stmmac-xgm-fpe-kunit",
	.ops = &xd_ops,
};

static struct ethtool_mm_state xf_get(struct kunit *test,
				      struct net_device *dev)
{
	struct ethtool_mm_state mm = {};

	KUNIT_EXPECT_EQ(test, dev->ethtool_ops->get_mm(dev, &mm), 0);
	return mm;
}

/* ethtool --set-mm with verify-time @ms, tx-min-frag-size @frag */
static int xf_set_ext(struct net_device *dev, bool pmac, bool tx, bool verify,
		      u32 ms, u32 frag, struct netlink_ext_ack *ext)
{
	struct ethtool_mm_cfg cfg = {
		.pmac_enabled = pmac, .tx_enabled = tx,
		.verify_enabled = verify, .verify_time = ms,
		.tx_min_frag_size = frag,
	};
	int ret;

	rtnl_lock();
	ret = dev->ethtool_ops->set_mm(dev, &cfg, ext);
	rtnl_unlock();
	return ret;
}

static int xf_set(struct net_device *dev, bool pmac, bool tx, bool verify,
		  u32 ms)
{
	struct netlink_ext_ack ext = {};

	return xf_set_ext(dev, pmac, tx, verify, ms, 60, &ext);
}

/* Run the model and the interrupts it raises until the verification's
 * status is @status (or a thousand rounds, a few seconds, have gone).
 */
static void xf_wait(struct kunit *test, struct xd *t, u32 status)
{
	u32 i;

	for (i = 0; i < 1000; i++) {
		xd_irqs(&t->h);
		if (xf_get(test, t->h.dev).verify_status == status)
			return;
		usleep_range(500, 1000);
	}
	KUNIT_FAIL(test, "verify status %u, not %u",
		   xf_get(test, t->h.dev).verify_status, status);
}

/* Off at probe: nothing preempts, the interrupt is masked; ethtool
 * --show-mm's values, as upstream gives them (verify-time 10 ms of at most
 * 128, 60-byte fragments).
 */
static void xf_defaults_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct ethtool_mm_state mm = xf_get(test, t->h.dev);

	KUNIT_EXPECT_FALSE(test, mm.pmac_enabled);
	KUNIT_EXPECT_FALSE(test, mm.tx_enabled);
	KUNIT_EXPECT_FALSE(test, mm.tx_active);
	KUNIT_EXPECT_FALSE(test, mm.verify_enabled);
	KUNIT_EXPECT_EQ(test, mm.verify_status,
			(u32)ETHTOOL_MM_VERIFY_STATUS_DISABLED);
	KUNIT_EXPECT_EQ(test, mm.verify_time, 10u);
	KUNIT_EXPECT_EQ(test, mm.max_verify_time, 128u);
	KUNIT_EXPECT_EQ(test, mm.tx_min_frag_size, 60u);
	KUNIT_EXPECT_EQ(test, mm.rx_min_frag_size, 60u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_INT_EN) & XF_FPEIE, 0u);
	xd_check_clean(t);
}

/* Without verification: preemption on with the link (EFPE), the 124-byte
 * fragments (AFSZ 1), the residue of preempted frames to RX queue 7, the
 * interrupt unmasked for the pMAC; frames still pass. Off over ifdown
 * (the interrupt masked; tx-active, which does not look at the link as
 * mainline has it, stays on), on again at ifup; all off: as at probe.
 */
static void xf_no_verify_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct netlink_ext_ack ext = {};

	KUNIT_ASSERT_EQ(test, xf_set_ext(dev, true, true, false, 10, 124,
					 &ext), 0);
	KUNIT_EXPECT_TRUE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xf_get(test, dev).tx_min_frag_size, 124u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	KUNIT_EXPECT_EQ(test, XF_AFSZ(xd_reg(t, XF_MTL_FPE)), 1u);
	KUNIT_EXPECT_EQ(test, XF_FPRQ(xd_reg(t, XF_RXQ_CTRL1)), 7u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_INT_EN) & XF_FPEIE, XF_FPEIE);
	xd_send_udp(t, 3, 8);

	dh_close(&t->h);
	KUNIT_EXPECT_TRUE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_INT_EN) & XF_FPEIE, 0u);
	dh_open(&t->h);
	KUNIT_EXPECT_TRUE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	KUNIT_EXPECT_EQ(test, XF_AFSZ(xd_reg(t, XF_MTL_FPE)), 1u);

	KUNIT_ASSERT_EQ(test, xf_set(dev, false, false, false, 10), 0);
	KUNIT_EXPECT_FALSE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_INT_EN) & XF_FPEIE, 0u);
	KUNIT_EXPECT_EQ(test, XF_AFSZ(xd_reg(t, XF_MTL_FPE)), 0u);
	xd_check_clean(t);
}

/* The port looped back: our verify mPacket comes back, is answered, and
 * the answer comes back too; only then EFPE. Verified again after
 * ifdown / ifup.
 */
static void xf_verify_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;
	u32 sent;

	t->m->fpe_peer = XGM_FPE_LOOP;
	KUNIT_ASSERT_EQ(test, xf_set(dev, true, true, true, 10), 0);
	KUNIT_EXPECT_EQ(test, xf_get(test, dev).verify_status,
			(u32)ETHTOOL_MM_VERIFY_STATUS_VERIFYING);
	KUNIT_EXPECT_FALSE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	KUNIT_EXPECT_TRUE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	KUNIT_EXPECT_GE(test, t->m->fpe_verify, 1u);
	KUNIT_EXPECT_GE(test, t->m->fpe_response, 1u);
	xd_send_udp(t, 2, 8);

	sent = t->m->fpe_verify;
	dh_close(&t->h);
	dh_open(&t->h);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	KUNIT_EXPECT_GT(test, t->m->fpe_verify, sent);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	xd_check_clean(t);
}

/* A peer with a MAC merge layer: it answers our verify mPacket, we have
 * nothing to answer; verified. Its own verify mPacket, later, is
 * answered and changes nothing.
 */
static void xf_verify_peer_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;

	t->m->fpe_peer = XGM_FPE_ANSWERS;
	KUNIT_ASSERT_EQ(test, xf_set(dev, true, true, true, 10), 0);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	KUNIT_EXPECT_EQ(test, t->m->fpe_response, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	xgm_fpe_peer_verify(t->m);
	xd_irqs(&t->h);
	xd_irqs(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->fpe_response, 1u);
	KUNIT_EXPECT_EQ(test, xf_get(test, dev).verify_status,
			(u32)ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);

	/* pMAC off: nothing answers, nothing interrupts */
	KUNIT_ASSERT_EQ(test, xf_set(dev, false, false, false, 10), 0);
	xgm_fpe_peer_verify(t->m);
	xd_irqs(&t->h);
	xd_irqs(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->fpe_response, 1u);
	xd_check_clean(t);
}

/* A peer without one: three verify mPackets (verifyLimit), then failed,
 * no preemption; the peer verifying us meanwhile is answered, and is no
 * answer to ours. A setting changed, with a peer that answers now:
 * verified.
 */
static void xf_verify_fail_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_ASSERT_EQ(test, xf_set(dev, true, true, true, 20), 0);
	xgm_fpe_peer_verify(t->m);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_FAILED);
	KUNIT_EXPECT_EQ(test, t->m->fpe_verify, 3u);
	KUNIT_EXPECT_EQ(test, t->m->fpe_response, 1u);
	KUNIT_EXPECT_FALSE(test, xf_get(test, dev).tx_active);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);

	t->m->fpe_peer = XGM_FPE_ANSWERS;
	KUNIT_ASSERT_EQ(test, xf_set(dev, true, true, true, 30), 0);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, XF_EFPE);
	xd_check_clean(t);
}

/* ifdown while verifying: no verify mPacket after the stop, the
 * verification starts over with the link.
 */
static void xf_verify_stop_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_ASSERT_EQ(test, xf_set(dev, true, true, true, 100), 0);
	xd_irqs(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->fpe_verify, 1u);
	dh_close(&t->h);
	KUNIT_EXPECT_FALSE(test,
			   delayed_work_pending(&t->h.priv->fpe.verify));
	KUNIT_EXPECT_EQ(test, xf_get(test, dev).verify_status,
			(u32)ETHTOOL_MM_VERIFY_STATUS_INITIAL);
	msleep(250);
	xd_irqs(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->fpe_verify, 1u);
	KUNIT_EXPECT_EQ(test, xf_get(test, dev).verify_status,
			(u32)ETHTOOL_MM_VERIFY_STATUS_INITIAL);
	t->m->fpe_peer = XGM_FPE_ANSWERS;
	dh_open(&t->h);
	xf_wait(test, t, ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
	xd_check_clean(t);
}

/* The MAC merge layer's counters, from the RMON block (the databook's
 * offsets; the model's counters do not clear on read: read once)
 */
static void xf_stats_test(struct kunit *test)
{
	static const u32 off[] = { 0x0a08, 0x0a0c, 0x0a28, 0x0a2c, 0x0a30,
				   0x0a34 };
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct ethtool_mm_stats st = {};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(off); i++)
		writel(100 + i, t->h.io + off[i]);
	rtnl_lock();
	dev->ethtool_ops->get_mm_stats(dev, &st);
	rtnl_unlock();
	for (i = 0; i < ARRAY_SIZE(off); i++)
		writel(0, t->h.io + off[i]);
	KUNIT_EXPECT_EQ(test, st.MACMergeFragCountTx, 100u);
	KUNIT_EXPECT_EQ(test, st.MACMergeHoldCount, 101u);
	KUNIT_EXPECT_EQ(test, st.MACMergeFrameAssErrorCount, 102u);
	KUNIT_EXPECT_EQ(test, st.MACMergeFrameSmdErrorCount, 103u);
	KUNIT_EXPECT_EQ(test, st.MACMergeFrameAssOkCount, 104u);
	KUNIT_EXPECT_EQ(test, st.MACMergeFragCountRx, 105u);
	xd_check_clean(t);
}

/* Refused with the reason and nothing changed: verify-time 0 or beyond
 * 128 ms, a fragment size the standard does not have. The GMAC 3.x has
 * no frame preemption.
 */
static void xf_refused_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xf_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct netlink_ext_ack ext = {};
	struct ethtool_mm_state mm = {};
	struct stmmac_priv *gp;
	struct net_device *gd;

	KUNIT_EXPECT_EQ(test, xf_set_ext(dev, true, true, false, 0, 60, &ext),
			-EINVAL);
	KUNIT_ASSERT_NOT_NULL(test, ext._msg);
	KUNIT_EXPECT_NOT_NULL(test, strstr(ext._msg, "verify-time 0: 1 to 128"));
	KUNIT_EXPECT_EQ(test, xf_set_ext(dev, true, true, false, 129, 60,
					 &ext), -EINVAL);
	KUNIT_EXPECT_EQ(test, xf_set_ext(dev, true, true, false, 10, 100,
					 &ext), -EINVAL);
	KUNIT_EXPECT_FALSE(test, xf_get(test, dev).tx_enabled);
	KUNIT_EXPECT_FALSE(test, xf_get(test, dev).pmac_enabled);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XF_FPE_CTRL) & XF_EFPE, 0u);
	xd_check_clean(t);

	gd = alloc_etherdev(sizeof(struct stmmac_priv));
	KUNIT_ASSERT_NOT_NULL(test, gd);
	gp = netdev_priv(gd);
	gp->dev = gd;
	gp->hw = &dwmac1000_ops;
	KUNIT_EXPECT_EQ(test, stmmac_fpe_get_mm(gd, &mm), -EOPNOTSUPP);
	free_netdev(gd);
}

static int xf_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xf_hs);
}

static void xf_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xf_hs);
}

static struct kunit_case xf_cases[] = {
	KUNIT_CASE(xf_defaults_test),
	KUNIT_CASE(xf_no_verify_test),
	KUNIT_CASE(xf_verify_test),
	KUNIT_CASE(xf_verify_peer_test),
	KUNIT_CASE(xf_verify_fail_test),
	KUNIT_CASE(xf_verify_stop_test),
	KUNIT_CASE(xf_stats_test),
	KUNIT_CASE(xf_refused_test),
	{}
};

static struct kunit_suite xf_suite = {
	.name = "stmmac_xgmac_fpe",
	.suite_init = xf_suite_init,
	.suite_exit = xf_suite_exit,
	.test_cases = xf_cases,
};

kunit_test_suite(xf_suite);
