#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# dtvalidate.sh: our Agilex 5 EMAC fragment (scripts/dts/) against Linux
# 7.3's own DT schemas, with Debian's dt-validate (package dt-schema).
# The fragment is compiled on each cached kernel's socfpga_agilex5.dtsi
# (6.12's and 7.3's, whichever are unpacked) and validated with the
# schemas of the SoCFPGA MAC binding and what it refers to (7.3's
# altr,socfpga-stmmac.yaml, snps,dwmac.yaml, ethernet-controller.yaml,
# mdio.yaml, ethernet-phy.yaml, arm,smmu-v3.yaml, ...). Fails on any error
# in the fragment's nodes; errors in the dtsi's own nodes (7.3's disabled
# gmac2) are printed as not ours.
#
# Debian 12's dt-schema is 2022.08, older than the 2024.4 7.3's Makefile
# asks for: it cannot process every 7.3 schema, but it does these. Not part
# of make check (it needs 7.3's tree and one more package).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

bash "$TREE/scripts/deps.sh" dtschema
K73=$CACHE/linux-source-7.3
[ -d "$K73/Documentation/devicetree/bindings" ] ||
	die "$K73 missing: run make kunit KVER=7.3 (or scripts/kernel.sh with KVER=7.3) first"
B=$K73/Documentation/devicetree/bindings
WORK=$(mktemp -d "${TMPDIR:-/tmp}/stmmac-dtvalidate.XXXXXX")
mkdir -p "$WORK/schemas/net" "$WORK/schemas/iommu" "$WORK/schemas/leds"
for f in altr,socfpga-stmmac snps,dwmac ethernet-controller mdio ethernet-phy \
	 ethernet-connector network-class; do
	cp "$B/net/$f.yaml" "$WORK/schemas/net/"
done
cp "$B/iommu/arm,smmu-v3.yaml" "$WORK/schemas/iommu/"
cp "$B/leds/common.yaml" "$WORK/schemas/leds/"
dt-mk-schema -j -o "$WORK/schema.json" "$WORK/schemas" >"$WORK/mk-schema.log" 2>&1 ||
	die "dt-mk-schema failed (log: $WORK/mk-schema.log)"
if grep -q 'ignoring' "$WORK/mk-schema.log"; then
	cat "$WORK/mk-schema.log"
	die "dt-mk-schema dropped a schema"
fi

rc=0
for ksrc in "$CACHE/linux-source-6.12" "$K73"; do
	[ -d "$ksrc" ] || continue
	v=${ksrc##*-}
	out=$WORK/agilex5-gmac-$v
	cpp -nostdinc -I "$ksrc/include" -I "$ksrc/scripts/dtc/include-prefixes" \
		-I "$ksrc/arch/arm64/boot/dts/intel" -undef -D__DTS__ \
		-x assembler-with-cpp "$TREE/scripts/dts/socfpga_agilex5_gmac.dts" |
		dtc -q -I dts -O dtb -o "$out.dtb" - ||
		die "the fragment does not compile on $v's socfpga_agilex5.dtsi"
	dt-validate -s "$WORK/schema.json" "$out.dtb" >"$out.log" 2>&1 || true
	ours=$(grep -E 'ethernet@108[12]0000|iommu@16000000' "$out.log" || true)
	if [ -n "$ours" ]; then
		printf '%s\n' "$ours"
		say "dt-validate FAILED: the fragment on $v's dtsi (log: $out.log)"
		rc=1
	else
		say "dt-validate: the fragment on $v's dtsi: clean (7.3's schemas)"
	fi
	grep -vE 'ethernet@108[12]0000|iommu@16000000' "$out.log" |
		sed 's/^/  not ours: /' >&2 || true
done
[ $rc -eq 0 ] && rm -rf "$WORK"
exit $rc
