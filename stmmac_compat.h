/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel API differences between the releases this tree builds on,
 * Linux 6.12 and 7.3, and nowhere else: the driver and its tests call the
 * names below, which map to the running kernel's API by LINUX_VERSION_CODE.
 * Each switch is at the release that made the change; only 6.12 and 7.3
 * are built and tested (make lint / make kunit KVER=...).
 */
#ifndef __STMMAC_COMPAT_H__
#define __STMMAC_COMPAT_H__

#include <linux/gpio/driver.h>
#include <linux/hrtimer.h>
#include <linux/netdevice.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/timer.h>
#include <linux/version.h>

/* The one test of the kernel's version: built on Linux @a.@b or later. */
#define STMMAC_SINCE(a, b)	(KERNEL_VERSION(a, b, 0) <= LINUX_VERSION_CODE)

/**
 * stmmac_hrtimer_setup() - initialise an hrtimer and set its callback
 * @timer: the timer
 * @fn: its callback
 * @clock: the clock it runs on
 * @mode: its mode
 *
 * hrtimer_setup() (6.13) replaced hrtimer_init() plus an assignment to
 * the timer's function, a member that has since become private.
 */
static inline void
stmmac_hrtimer_setup(struct hrtimer *timer,
		     enum hrtimer_restart (*fn)(struct hrtimer *),
		     clockid_t clock, enum hrtimer_mode mode)
{
#if STMMAC_SINCE(6, 13)
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

/*
 * stmmac_timer_of(var, t, field) - the structure of @var's type whose
 * timer_list member @field is @t, in a timer's callback: from_timer() was
 * renamed timer_container_of() (6.16).
 */
#if STMMAC_SINCE(6, 16)
#define stmmac_timer_of(var, t, field)	timer_container_of(var, t, field)
#else
#define stmmac_timer_of(var, t, field)	from_timer(var, t, field)
#endif

/*
 * STMMAC_KUNIT_NS - the symbol namespace of EXPORT_SYMBOL_IF_KUNIT(), as
 * MODULE_IMPORT_NS() takes it: a bare name until 6.13, a string literal
 * since.
 */
#if STMMAC_SINCE(6, 13)
#define STMMAC_KUNIT_NS	"EXPORTED_FOR_KUNIT_TESTING"
#else
#define STMMAC_KUNIT_NS	EXPORTED_FOR_KUNIT_TESTING
#endif

/**
 * stmmac_ptp_perout_flags() - declare the periodic output flags taken
 * @info: the clock, before it is registered
 * @flags: the PTP_PEROUT_* flags its enable op handles
 *
 * Since 6.15 the PTP core refuses a periodic output request with a flag
 * the clock does not declare in &ptp_clock_info.supported_perout_flags;
 * before, every driver checked the flags itself (ours still does).
 */
static inline void stmmac_ptp_perout_flags(struct ptp_clock_info *info,
					   unsigned int flags)
{
#if STMMAC_SINCE(6, 15)
	info->supported_perout_flags = flags;
#endif
}

/**
 * stmmac_gpio_chip_set() - set a GPIO chip's output value callback
 * @gc: the chip, before it is added
 * @fn: the callback, returning 0 or a negative error
 *
 * &gpio_chip.set returns int since 6.17; before, an int-returning one was
 * &gpio_chip.set_rv (6.15, and in 6.12.118 by the stable series), beside
 * the void set.
 */
static inline void
stmmac_gpio_chip_set(struct gpio_chip *gc,
		     int (*fn)(struct gpio_chip *, unsigned int, int))
{
#if STMMAC_SINCE(6, 17)
	gc->set = fn;
#else
	gc->set_rv = fn;
#endif
}

/**
 * stmmac_napi_add_rx() - add an RX queue's NAPI context
 * @dev: the device
 * @napi: the context
 * @poll: its poll function
 * @index: the queue
 *
 * Since 6.13 a NAPI context added with an index keeps its settings
 * (defer-hard-irqs, gro-flush-timeout, irq-suspend-timeout: `ynl netdev
 * napi-set`) and its NAPI ID in the device's per-queue store when it is
 * deleted and added again; before, each addition starts from the
 * device-wide settings.
 */
static inline void stmmac_napi_add_rx(struct net_device *dev,
				      struct napi_struct *napi,
				      int (*poll)(struct napi_struct *, int),
				      int index)
{
#if STMMAC_SINCE(6, 13)
	netif_napi_add_config(dev, napi, poll, index);
#else
	netif_napi_add(dev, napi, poll);
#endif
}

/*
 * stmmac_napi_own_settings - NAPI contexts have settings of their own
 * (defer-hard-irqs, gro-flush-timeout: 6.13); before, only the device
 * had them. The tests read and write them through the two helpers below.
 */
#define stmmac_napi_own_settings	STMMAC_SINCE(6, 13)

static inline void stmmac_napi_settings_set(struct napi_struct *napi,
					    u32 defer, unsigned long flush)
{
#if STMMAC_SINCE(6, 13)
	WRITE_ONCE(napi->defer_hard_irqs, defer);
	WRITE_ONCE(napi->gro_flush_timeout, flush);
#endif
}

static inline void stmmac_napi_settings_get(const struct napi_struct *napi,
					    u32 *defer, unsigned long *flush)
{
#if STMMAC_SINCE(6, 13)
	*defer = READ_ONCE(napi->defer_hard_irqs);
	*flush = READ_ONCE(napi->gro_flush_timeout);
#else
	*defer = 0;
	*flush = 0;
#endif
}

/*
 * STMMAC_FLOW_CTRL_UNSET - the flow_ctrl module parameter's default, what
 * /sys/module/stmmac/parameters/flow_ctrl reads when nobody set it, as the
 * running kernel's own stmmac has it: FLOW_AUTO (3) until 6.15 made the
 * parameter obsolete and its default a "not set" marker, 0xdead (57005).
 * Not an API difference but a value userland sees, so it follows the
 * kernel like one.
 */
#if STMMAC_SINCE(6, 15)
#define STMMAC_FLOW_CTRL_UNSET	0xdead
#else
#define STMMAC_FLOW_CTRL_UNSET	3
#endif

/*
 * struct stmmac_sockaddr - what kernel_bind() takes: struct sockaddr until
 * 6.19, struct sockaddr_unsized since (the KUnit AF_XDP harness binds).
 */
#if STMMAC_SINCE(6, 19)
#define stmmac_sockaddr	sockaddr_unsized
#else
#define stmmac_sockaddr	sockaddr
#endif

#endif /* __STMMAC_COMPAT_H__ */
