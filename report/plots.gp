# plots.gp - draws every plot of README.md from the CSV files in data/.
# Written by `bench report` (harness/report/report_plots.c) with the page; do not edit:
# regenerate with scripts/report. Run from this directory:
#   gnuplot plots.gp                      (SVG, as the page shows them)
#   gnuplot -e "format='png'" plots.gp   (PNG)
if (!exists('format')) format = 'svg'
# The svg terminal draws points larger than pngcairo.
pointscale = (format eq 'png') ? 1.0 : 0.7
set encoding utf8
# The lower end of an error bar, the median less the MAD, kept above 0 for
# the log scales.
low(m, d) = (m - d > m / 100.0) ? m - d : m / 100.0
# Checked after each plot, by gnuplot's own estimate of a character's width
# and a line's height (wider than the usual fonts draw them): a line of n
# characters fits the canvas's width; an x label of n characters, rotated by
# 30 degrees to end at the tic at x, stays inside the canvas and above a
# footnote of f lines.
chars(n) = n * GPVAL_TERM_HCHAR / (1.0 * GPVAL_TERM_SCALE)
lines(n) = n * GPVAL_TERM_VCHAR / (1.0 * GPVAL_TERM_SCALE)
line_fits(n) = chars(n + 2) <= GPVAL_TERM_XSIZE / (1.0 * GPVAL_TERM_SCALE)
tic_x(x) = GPVAL_TERM_XMIN + (x - GPVAL_X_MIN) * (GPVAL_TERM_XMAX - GPVAL_TERM_XMIN) / (GPVAL_X_MAX - GPVAL_X_MIN)
label_fits(x, n, f) = tic_x(x) - chars(n) * 0.87 - lines(0.5) >= 0 && \
	GPVAL_TERM_YMIN - lines(1) - chars(n) * 0.5 - lines(0.87) >= lines(f)

# --- scaling-create-int32: Create Int32: the N adds into an empty message
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-create-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Create Int32\nthe N adds into an empty message"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.05064:686586]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-create-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-create-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-create-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-create-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-create-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-create-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-create-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-create-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-create-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(12)) {
	print "plots.gp: scaling-create-int32: the line 'Create Int32' would be cut off"
	exit status 3
}
if (!line_fits(32)) {
	print "plots.gp: scaling-create-int32: the line 'the N adds into an empty message' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-create-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-create-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-create-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-create-string: Create String: the N adds into an empty message
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-create-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Create String\nthe N adds into an empty message"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.00296:818728]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-create-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-create-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-create-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-create-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-create-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-create-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-create-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-create-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-create-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(13)) {
	print "plots.gp: scaling-create-string: the line 'Create String' would be cut off"
	exit status 3
}
if (!line_fits(32)) {
	print "plots.gp: scaling-create-string: the line 'the N adds into an empty message' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-create-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-create-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-create-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-lookup-int32: Lookup Int32: one lookup by name among N fields
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-lookup-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Lookup Int32\none lookup by name among N fields"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields in the message (log scale)'
set ylabel 'time per lookup (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [8.51713:19598.6]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000)
set mytics 10
plot \
	'data/scaling-lookup-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson'
if (!line_fits(12)) {
	print "plots.gp: scaling-lookup-int32: the line 'Lookup Int32' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-lookup-int32: the line 'one lookup by name among N fields' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-lookup-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-lookup-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-lookup-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-read-int32: Read Int32: the N reads by index of one field
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-read-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Read Int32\nthe N reads by index of one field"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [1.9941:213690]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-read-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-read-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-read-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-read-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-read-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-read-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-read-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-read-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-read-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(10)) {
	print "plots.gp: scaling-read-int32: the line 'Read Int32' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-read-int32: the line 'the N reads by index of one field' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-read-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-read-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-read-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-read-string: Read String: the N reads by index of one field
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-read-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Read String\nthe N reads by index of one field"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.03646:5.04912e+07]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07, '100 ms' 1e+08)
set mytics 10
plot \
	'data/scaling-read-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-read-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-read-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-read-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-read-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-read-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-read-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-read-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-read-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(11)) {
	print "plots.gp: scaling-read-string: the line 'Read String' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-read-string: the line 'the N reads by index of one field' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-read-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-read-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-read-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-flatten-int32: Flatten Int32: flattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flatten-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Flatten Int32\nflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.01583:1.07132e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flatten-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(13)) {
	print "plots.gp: scaling-flatten-int32: the line 'Flatten Int32' would be cut off"
	exit status 3
}
if (!line_fits(31)) {
	print "plots.gp: scaling-flatten-int32: the line 'flattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-flatten-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-flatten-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-flatten-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-flatten-string: Flatten String: flattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flatten-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Flatten String\nflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.72167:1.7622e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flatten-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flatten-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flatten-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flatten-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flatten-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flatten-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flatten-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-flatten-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-flatten-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(14)) {
	print "plots.gp: scaling-flatten-string: the line 'Flatten String' would be cut off"
	exit status 3
}
if (!line_fits(31)) {
	print "plots.gp: scaling-flatten-string: the line 'flattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-flatten-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-flatten-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-flatten-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-flattenindividual-int32: FlattenIndividual Int32: flattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flattenindividual-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "FlattenIndividual Int32\nflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.736:2.19067e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(23)) {
	print "plots.gp: scaling-flattenindividual-int32: the line 'FlattenIndividual Int32' would be cut off"
	exit status 3
}
if (!line_fits(31)) {
	print "plots.gp: scaling-flattenindividual-int32: the line 'flattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-flattenindividual-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-flattenindividual-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-flattenindividual-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-flattenindividual-string: FlattenIndividual String: flattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flattenindividual-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "FlattenIndividual String\nflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.49182:2.03861e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(24)) {
	print "plots.gp: scaling-flattenindividual-string: the line 'FlattenIndividual String' would be cut off"
	exit status 3
}
if (!line_fits(31)) {
	print "plots.gp: scaling-flattenindividual-string: the line 'flattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-flattenindividual-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-flattenindividual-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-flattenindividual-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflatten-int32: Unflatten Int32: unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflatten-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Unflatten Int32\nunflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.02723:1.25861e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(15)) {
	print "plots.gp: scaling-unflatten-int32: the line 'Unflatten Int32' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-unflatten-int32: the line 'unflattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflatten-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflatten-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflatten-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflatten-string: Unflatten String: unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflatten-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Unflatten String\nunflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.40958:872119]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-unflatten-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(16)) {
	print "plots.gp: scaling-unflatten-string: the line 'Unflatten String' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-unflatten-string: the line 'unflattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflatten-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflatten-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflatten-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenindividual-int32: UnflattenIndividual Int32: unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividual-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividual Int32\nunflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.94414:6.93043e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(25)) {
	print "plots.gp: scaling-unflattenindividual-int32: the line 'UnflattenIndividual Int32' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-unflattenindividual-int32: the line 'unflattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenindividual-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenindividual-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenindividual-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenindividual-string: UnflattenIndividual String: unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividual-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividual String\nunflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.39232:3.84439e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:20:(low($20, $21)):($20 + $21) with yerrorlines lw 1.5 dt 3 pt 10 ps 1.1*pointscale lc rgb '#009E73' title 'Message3-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(26)) {
	print "plots.gp: scaling-unflattenindividual-string: the line 'UnflattenIndividual String' would be cut off"
	exit status 3
}
if (!line_fits(33)) {
	print "plots.gp: scaling-unflattenindividual-string: the line 'unflattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenindividual-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenindividual-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenindividual-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenvalidated-int32: UnflattenValidated Int32: the full check, then unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenvalidated-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenValidated Int32\nthe full check, then unflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.1024:1.10373e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(24)) {
	print "plots.gp: scaling-unflattenvalidated-int32: the line 'UnflattenValidated Int32' would be cut off"
	exit status 3
}
if (!line_fits(54)) {
	print "plots.gp: scaling-unflattenvalidated-int32: the line 'the full check, then unflattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenvalidated-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenvalidated-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenvalidated-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenvalidated-string: UnflattenValidated String: the full check, then unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenvalidated-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenValidated String\nthe full check, then unflattening one field of N items"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.72492:1.35971e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(25)) {
	print "plots.gp: scaling-unflattenvalidated-string: the line 'UnflattenValidated String' would be cut off"
	exit status 3
}
if (!line_fits(54)) {
	print "plots.gp: scaling-unflattenvalidated-string: the line 'the full check, then unflattening one field of N items' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenvalidated-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenvalidated-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenvalidated-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenindividualvalidated-int32: UnflattenIndividualValidated Int32: the full check, then unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividualvalidated-int32.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividualValidated Int32\nthe full check, then unflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [2.96756:4.45313e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(34)) {
	print "plots.gp: scaling-unflattenindividualvalidated-int32: the line 'UnflattenIndividualValidated Int32' would be cut off"
	exit status 3
}
if (!line_fits(54)) {
	print "plots.gp: scaling-unflattenindividualvalidated-int32: the line 'the full check, then unflattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenindividualvalidated-int32: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenindividualvalidated-int32: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenindividualvalidated-int32: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- scaling-unflattenindividualvalidated-string: UnflattenIndividualValidated String: the full check, then unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividualvalidated-string.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividualValidated String\nthe full check, then unflattening N fields of one item"
set label 100 "Points: the median of each cell's 15 samples; error bars: ± their MAD." at character 1, character 2.90 left textcolor rgb '#505050'
set label 101 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 102 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set bmargin 7.45
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.26851:4.05106e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:2:(low($2, $3)):($2 + $3) with yerrorlines lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:4:(low($4, $5)):($4 + $5) with yerrorlines lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:6:(low($6, $7)):($6 + $7) with yerrorlines lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:8:(low($8, $9)):($8 + $9) with yerrorlines lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:10:(low($10, $11)):($10 + $11) with yerrorlines lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:12:(low($12, $13)):($12 + $13) with yerrorlines lw 2 dt 1 pt 15 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:14:(low($14, $15)):($14 + $15) with yerrorlines lw 1.5 dt 3 pt 12 ps 1.1*pointscale lc rgb '#D55E00' title 'Haiku-original', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:16:(low($16, $17)):($16 + $17) with yerrorlines lw 1.5 dt 3 pt 4 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1-2005', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:18:(low($18, $19)):($18 + $19) with yerrorlines lw 1.5 dt 3 pt 8 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2-2005', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:22:(low($22, $23)):($22 + $23) with yerrorlines lw 2 dt 1 pt 3 ps 1.1*pointscale lc rgb '#CC79A7' title 'libbson', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:24:(low($24, $25)):($24 + $25) with yerrorlines lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'
if (!line_fits(35)) {
	print "plots.gp: scaling-unflattenindividualvalidated-string: the line 'UnflattenIndividualValidated String' would be cut off"
	exit status 3
}
if (!line_fits(54)) {
	print "plots.gp: scaling-unflattenindividualvalidated-string: the line 'the full check, then unflattening N fields of one item' would be cut off"
	exit status 3
}
if (!line_fits(70)) {
	print "plots.gp: scaling-unflattenindividualvalidated-string: the line 'Points: the median of each cell's 15 samples; error bars: ± their MAD.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: scaling-unflattenindividualvalidated-string: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: scaling-unflattenindividualvalidated-string: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- relative-5: 5 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2668,755 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2668,755 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-5.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "5 items\neach backend's time relative to the fastest, per test"
set label 100 "Bars: each backend's median over the fastest median on the same test." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:175.857]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 13
set bmargin 16.77
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100)
set mytics 1
plot \
	'data/relative-5.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(7)) {
	print "plots.gp: relative-5: the line '5 items' would be cut off"
	exit status 3
}
if (!line_fits(53)) {
	print "plots.gp: relative-5: the line 'each backend's time relative to the fastest, per test' would be cut off"
	exit status 3
}
if (!line_fits(69)) {
	print "plots.gp: relative-5: the line 'Bars: each backend's median over the fastest median on the same test.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: relative-5: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: relative-5: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: relative-5: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 12, 5.20)) {
	print "plots.gp: relative-5: the x label 'Create Int32' would be cut off"
	exit status 3
}
if (!label_fits(1, 13, 5.20)) {
	print "plots.gp: relative-5: the x label 'Create String' would be cut off"
	exit status 3
}
if (!label_fits(2, 12, 5.20)) {
	print "plots.gp: relative-5: the x label 'Lookup Int32' would be cut off"
	exit status 3
}
if (!label_fits(3, 10, 5.20)) {
	print "plots.gp: relative-5: the x label 'Read Int32' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: relative-5: the x label 'Read String' would be cut off"
	exit status 3
}
if (!label_fits(5, 13, 5.20)) {
	print "plots.gp: relative-5: the x label 'Flatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(6, 14, 5.20)) {
	print "plots.gp: relative-5: the x label 'Flatten String' would be cut off"
	exit status 3
}
if (!label_fits(7, 23, 5.20)) {
	print "plots.gp: relative-5: the x label 'FlattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(8, 24, 5.20)) {
	print "plots.gp: relative-5: the x label 'FlattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(9, 15, 5.20)) {
	print "plots.gp: relative-5: the x label 'Unflatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(10, 16, 5.20)) {
	print "plots.gp: relative-5: the x label 'Unflatten String' would be cut off"
	exit status 3
}
if (!label_fits(11, 25, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(12, 26, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(13, 24, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(14, 25, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenValidated String' would be cut off"
	exit status 3
}
if (!label_fits(15, 34, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenIndividualValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(16, 35, 5.20)) {
	print "plots.gp: relative-5: the x label 'UnflattenIndividualValidated String' would be cut off"
	exit status 3
}

# --- relative-50: 50 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2668,755 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2668,755 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-50.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "50 items\neach backend's time relative to the fastest, per test"
set label 100 "Bars: each backend's median over the fastest median on the same test." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:743.091]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 13
set bmargin 16.77
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500)
set mytics 1
plot \
	'data/relative-50.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(8)) {
	print "plots.gp: relative-50: the line '50 items' would be cut off"
	exit status 3
}
if (!line_fits(53)) {
	print "plots.gp: relative-50: the line 'each backend's time relative to the fastest, per test' would be cut off"
	exit status 3
}
if (!line_fits(69)) {
	print "plots.gp: relative-50: the line 'Bars: each backend's median over the fastest median on the same test.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: relative-50: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: relative-50: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: relative-50: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 12, 5.20)) {
	print "plots.gp: relative-50: the x label 'Create Int32' would be cut off"
	exit status 3
}
if (!label_fits(1, 13, 5.20)) {
	print "plots.gp: relative-50: the x label 'Create String' would be cut off"
	exit status 3
}
if (!label_fits(2, 12, 5.20)) {
	print "plots.gp: relative-50: the x label 'Lookup Int32' would be cut off"
	exit status 3
}
if (!label_fits(3, 10, 5.20)) {
	print "plots.gp: relative-50: the x label 'Read Int32' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: relative-50: the x label 'Read String' would be cut off"
	exit status 3
}
if (!label_fits(5, 13, 5.20)) {
	print "plots.gp: relative-50: the x label 'Flatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(6, 14, 5.20)) {
	print "plots.gp: relative-50: the x label 'Flatten String' would be cut off"
	exit status 3
}
if (!label_fits(7, 23, 5.20)) {
	print "plots.gp: relative-50: the x label 'FlattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(8, 24, 5.20)) {
	print "plots.gp: relative-50: the x label 'FlattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(9, 15, 5.20)) {
	print "plots.gp: relative-50: the x label 'Unflatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(10, 16, 5.20)) {
	print "plots.gp: relative-50: the x label 'Unflatten String' would be cut off"
	exit status 3
}
if (!label_fits(11, 25, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(12, 26, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(13, 24, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(14, 25, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenValidated String' would be cut off"
	exit status 3
}
if (!label_fits(15, 34, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenIndividualValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(16, 35, 5.20)) {
	print "plots.gp: relative-50: the x label 'UnflattenIndividualValidated String' would be cut off"
	exit status 3
}

# --- relative-500: 500 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2668,755 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2668,755 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-500.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "500 items\neach backend's time relative to the fastest, per test"
set label 100 "Bars: each backend's median over the fastest median on the same test." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:1845.18]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 13
set bmargin 16.77
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000)
set mytics 1
plot \
	'data/relative-500.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(9)) {
	print "plots.gp: relative-500: the line '500 items' would be cut off"
	exit status 3
}
if (!line_fits(53)) {
	print "plots.gp: relative-500: the line 'each backend's time relative to the fastest, per test' would be cut off"
	exit status 3
}
if (!line_fits(69)) {
	print "plots.gp: relative-500: the line 'Bars: each backend's median over the fastest median on the same test.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: relative-500: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: relative-500: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: relative-500: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 12, 5.20)) {
	print "plots.gp: relative-500: the x label 'Create Int32' would be cut off"
	exit status 3
}
if (!label_fits(1, 13, 5.20)) {
	print "plots.gp: relative-500: the x label 'Create String' would be cut off"
	exit status 3
}
if (!label_fits(2, 12, 5.20)) {
	print "plots.gp: relative-500: the x label 'Lookup Int32' would be cut off"
	exit status 3
}
if (!label_fits(3, 10, 5.20)) {
	print "plots.gp: relative-500: the x label 'Read Int32' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: relative-500: the x label 'Read String' would be cut off"
	exit status 3
}
if (!label_fits(5, 13, 5.20)) {
	print "plots.gp: relative-500: the x label 'Flatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(6, 14, 5.20)) {
	print "plots.gp: relative-500: the x label 'Flatten String' would be cut off"
	exit status 3
}
if (!label_fits(7, 23, 5.20)) {
	print "plots.gp: relative-500: the x label 'FlattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(8, 24, 5.20)) {
	print "plots.gp: relative-500: the x label 'FlattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(9, 15, 5.20)) {
	print "plots.gp: relative-500: the x label 'Unflatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(10, 16, 5.20)) {
	print "plots.gp: relative-500: the x label 'Unflatten String' would be cut off"
	exit status 3
}
if (!label_fits(11, 25, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(12, 26, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(13, 24, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(14, 25, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenValidated String' would be cut off"
	exit status 3
}
if (!label_fits(15, 34, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenIndividualValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(16, 35, 5.20)) {
	print "plots.gp: relative-500: the x label 'UnflattenIndividualValidated String' would be cut off"
	exit status 3
}

# --- relative-5000: 5000 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2668,755 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2668,755 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-5000.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "5000 items\neach backend's time relative to the fastest, per test"
set label 100 "Bars: each backend's median over the fastest median on the same test." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:2519.11]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 13
set bmargin 16.77
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set mytics 1
plot \
	'data/relative-5000.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(10)) {
	print "plots.gp: relative-5000: the line '5000 items' would be cut off"
	exit status 3
}
if (!line_fits(53)) {
	print "plots.gp: relative-5000: the line 'each backend's time relative to the fastest, per test' would be cut off"
	exit status 3
}
if (!line_fits(69)) {
	print "plots.gp: relative-5000: the line 'Bars: each backend's median over the fastest median on the same test.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: relative-5000: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: relative-5000: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: relative-5000: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 12, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Create Int32' would be cut off"
	exit status 3
}
if (!label_fits(1, 13, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Create String' would be cut off"
	exit status 3
}
if (!label_fits(2, 12, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Lookup Int32' would be cut off"
	exit status 3
}
if (!label_fits(3, 10, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Read Int32' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Read String' would be cut off"
	exit status 3
}
if (!label_fits(5, 13, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Flatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(6, 14, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Flatten String' would be cut off"
	exit status 3
}
if (!label_fits(7, 23, 5.20)) {
	print "plots.gp: relative-5000: the x label 'FlattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(8, 24, 5.20)) {
	print "plots.gp: relative-5000: the x label 'FlattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(9, 15, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Unflatten Int32' would be cut off"
	exit status 3
}
if (!label_fits(10, 16, 5.20)) {
	print "plots.gp: relative-5000: the x label 'Unflatten String' would be cut off"
	exit status 3
}
if (!label_fits(11, 25, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenIndividual Int32' would be cut off"
	exit status 3
}
if (!label_fits(12, 26, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenIndividual String' would be cut off"
	exit status 3
}
if (!label_fits(13, 24, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(14, 25, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenValidated String' would be cut off"
	exit status 3
}
if (!label_fits(15, 34, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenIndividualValidated Int32' would be cut off"
	exit status 3
}
if (!label_fits(16, 35, 5.20)) {
	print "plots.gp: relative-5000: the x label 'UnflattenIndividualValidated String' would be cut off"
	exit status 3
}

# --- real-send: Send: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 1372,660 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 1372,660 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-send.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Send\neach backend's time relative to the fastest, per message"
set label 100 "Bars: each backend's median over the fastest median on the same message." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:26.4672]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 11
set bmargin 12.00
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-send.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(4)) {
	print "plots.gp: real-send: the line 'Send' would be cut off"
	exit status 3
}
if (!line_fits(56)) {
	print "plots.gp: real-send: the line 'each backend's time relative to the fastest, per message' would be cut off"
	exit status 3
}
if (!line_fits(72)) {
	print "plots.gp: real-send: the line 'Bars: each backend's median over the fastest median on the same message.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: real-send: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: real-send: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: real-send: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 10, 5.20)) {
	print "plots.gp: real-send: the x label 'MouseMoved' would be cut off"
	exit status 3
}
if (!label_fits(1, 17, 5.20)) {
	print "plots.gp: real-send: the x label 'MouseWheelChanged' would be cut off"
	exit status 3
}
if (!label_fits(2, 7, 5.20)) {
	print "plots.gp: real-send: the x label 'KeyDown' would be cut off"
	exit status 3
}
if (!label_fits(3, 12, 5.20)) {
	print "plots.gp: real-send: the x label 'RefsReceived' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: real-send: the x label 'GetProperty' would be cut off"
	exit status 3
}
if (!label_fits(5, 10, 5.20)) {
	print "plots.gp: real-send: the x label 'ReplyFrame' would be cut off"
	exit status 3
}
if (!label_fits(6, 11, 5.20)) {
	print "plots.gp: real-send: the x label 'RegisterApp' would be cut off"
	exit status 3
}
if (!label_fits(7, 7, 5.20)) {
	print "plots.gp: real-send: the x label 'DragURL' would be cut off"
	exit status 3
}

# --- real-receive: Receive: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 1372,660 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 1372,660 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-receive.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Receive\neach backend's time relative to the fastest, per message"
set label 100 "Bars: each backend's median over the fastest median on the same message." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:37.8326]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 11
set bmargin 12.00
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-receive.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(7)) {
	print "plots.gp: real-receive: the line 'Receive' would be cut off"
	exit status 3
}
if (!line_fits(56)) {
	print "plots.gp: real-receive: the line 'each backend's time relative to the fastest, per message' would be cut off"
	exit status 3
}
if (!line_fits(72)) {
	print "plots.gp: real-receive: the line 'Bars: each backend's median over the fastest median on the same message.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: real-receive: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: real-receive: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: real-receive: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 10, 5.20)) {
	print "plots.gp: real-receive: the x label 'MouseMoved' would be cut off"
	exit status 3
}
if (!label_fits(1, 17, 5.20)) {
	print "plots.gp: real-receive: the x label 'MouseWheelChanged' would be cut off"
	exit status 3
}
if (!label_fits(2, 7, 5.20)) {
	print "plots.gp: real-receive: the x label 'KeyDown' would be cut off"
	exit status 3
}
if (!label_fits(3, 12, 5.20)) {
	print "plots.gp: real-receive: the x label 'RefsReceived' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: real-receive: the x label 'GetProperty' would be cut off"
	exit status 3
}
if (!label_fits(5, 10, 5.20)) {
	print "plots.gp: real-receive: the x label 'ReplyFrame' would be cut off"
	exit status 3
}
if (!label_fits(6, 11, 5.20)) {
	print "plots.gp: real-receive: the x label 'RegisterApp' would be cut off"
	exit status 3
}
if (!label_fits(7, 7, 5.20)) {
	print "plots.gp: real-receive: the x label 'DragURL' would be cut off"
	exit status 3
}

# --- real-load: Load: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 940,660 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 940,660 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-load.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Load\neach backend's time relative to the fastest, per message"
set label 100 "Bars: each backend's median over the fastest median on the same message." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:32.9185]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 12
set bmargin 12.00
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-load.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(4)) {
	print "plots.gp: real-load: the line 'Load' would be cut off"
	exit status 3
}
if (!line_fits(56)) {
	print "plots.gp: real-load: the line 'each backend's time relative to the fastest, per message' would be cut off"
	exit status 3
}
if (!line_fits(72)) {
	print "plots.gp: real-load: the line 'Bars: each backend's median over the fastest median on the same message.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: real-load: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: real-load: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: real-load: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 11, 5.20)) {
	print "plots.gp: real-load: the x label 'SplashIcons' would be cut off"
	exit status 3
}
if (!label_fits(1, 12, 5.20)) {
	print "plots.gp: real-load: the x label 'WebsiteLogin' would be cut off"
	exit status 3
}
if (!label_fits(2, 17, 5.20)) {
	print "plots.gp: real-load: the x label 'ShortcutsSettings' would be cut off"
	exit status 3
}
if (!label_fits(3, 11, 5.20)) {
	print "plots.gp: real-load: the x label 'MailNewIcon' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: real-load: the x label 'NetSurfIcon' would be cut off"
	exit status 3
}

# --- real-save: Save: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 940,660 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 940,660 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-save.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Save\neach backend's time relative to the fastest, per message"
set label 100 "Bars: each backend's median over the fastest median on the same message." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Error bars: ± the MAD of its 15 samples, over the same median." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:20.5755]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set lmargin 12
set bmargin 12.00
set rmargin 4
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-save.csv' skip 1 using 2:(low($2, $3)):($2 + $3):xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 4:(low($4, $5)):($4 + $5) lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 6:(low($6, $7)):($6 + $7) lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 8:(low($8, $9)):($8 + $9) lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 10:(low($10, $11)):($10 + $11) lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 12:(low($12, $13)):($12 + $13) lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 14:(low($14, $15)):($14 + $15) lc rgb '#D55E00' fs pattern 4 border rgb '#404040' title 'Haiku-original', \
	'' skip 1 using 16:(low($16, $17)):($16 + $17) lc rgb '#E69F00' fs pattern 4 border rgb '#404040' title 'Message1-2005', \
	'' skip 1 using 18:(low($18, $19)):($18 + $19) lc rgb '#0072B2' fs pattern 4 border rgb '#404040' title 'Message2-2005', \
	'' skip 1 using 20:(low($20, $21)):($20 + $21) lc rgb '#009E73' fs pattern 4 border rgb '#404040' title 'Message3-2005', \
	'' skip 1 using 22:(low($22, $23)):($22 + $23) lc rgb '#CC79A7' title 'libbson'
if (!line_fits(4)) {
	print "plots.gp: real-save: the line 'Save' would be cut off"
	exit status 3
}
if (!line_fits(56)) {
	print "plots.gp: real-save: the line 'each backend's time relative to the fastest, per message' would be cut off"
	exit status 3
}
if (!line_fits(72)) {
	print "plots.gp: real-save: the line 'Bars: each backend's median over the fastest median on the same message.' would be cut off"
	exit status 3
}
if (!line_fits(62)) {
	print "plots.gp: real-save: the line 'Error bars: ± the MAD of its 15 samples, over the same median.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: real-save: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: real-save: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
if (!label_fits(0, 11, 5.20)) {
	print "plots.gp: real-save: the x label 'SplashIcons' would be cut off"
	exit status 3
}
if (!label_fits(1, 12, 5.20)) {
	print "plots.gp: real-save: the x label 'WebsiteLogin' would be cut off"
	exit status 3
}
if (!label_fits(2, 17, 5.20)) {
	print "plots.gp: real-save: the x label 'ShortcutsSettings' would be cut off"
	exit status 3
}
if (!label_fits(3, 11, 5.20)) {
	print "plots.gp: real-save: the x label 'MailNewIcon' would be cut off"
	exit status 3
}
if (!label_fits(4, 11, 5.20)) {
	print "plots.gp: real-save: the x label 'NetSurfIcon' would be cut off"
	exit status 3
}

# --- vs2005: 2005 against today: time relative to R5 on the same test
reset
if (format eq 'png') {
	set terminal pngcairo size 720,852 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 720,852 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/vs2005.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "2005 against today\ntime relative to R5 on the same test"
set label 100 "Up: today's median over R5's, ± the MAD of its 15 samples (error bars)." at character 1, character 4.05 left textcolor rgb '#505050'
set label 101 "Across: 2005's one shot per test over R5's; its spread is not known." at character 1, character 2.90 left textcolor rgb '#505050'
set label 102 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 103 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
set logscale xy 10
set size ratio -1
set xrange [0.00172047:1142.55]
set yrange [0.00172047:1142.55]
set xlabel '2005: time / time of R5 on the same test (log scale)'
set ylabel 'today: time / time of R5 on the same test (log scale)'
set key at screen 0.5, character 5.70 center bottom horizontal reverse Left box lc rgb '#b0b0b0' spacing 1.2
set bmargin 13.80
set arrow from 0.00172047,1 to 1142.55,1 nohead dt 3 lc rgb '#909090'
set arrow from 1,0.00172047 to 1,1142.55 nohead dt 3 lc rgb '#909090'
set label "faster than R5 in 2005,\nslower today" at graph 0.02,0.96 left textcolor rgb '#606060'
set label "slower than R5 in 2005,\nfaster today" at graph 0.98,0.07 right textcolor rgb '#606060'
set xtics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set mxtics 10
set ytics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set mytics 10
set samples 200
plot \
	x with lines dt 2 lw 1.5 lc rgb '#909090' title 'same ratio then and now', \
	'data/vs2005.csv' skip 1 using 2:3:(low($3, $4)):($3 + $4) with yerrorbars pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/vs2005.csv' skip 1 using 5:6:(low($6, $7)):($6 + $7) with yerrorbars pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/vs2005.csv' skip 1 using 8:9:(low($9, $10)):($9 + $10) with yerrorbars pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/vs2005.csv' skip 1 using 11:12:(low($12, $13)):($12 + $13) with yerrorbars pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4'
if (!line_fits(18)) {
	print "plots.gp: vs2005: the line '2005 against today' would be cut off"
	exit status 3
}
if (!line_fits(36)) {
	print "plots.gp: vs2005: the line 'time relative to R5 on the same test' would be cut off"
	exit status 3
}
if (!line_fits(71)) {
	print "plots.gp: vs2005: the line 'Up: today's median over R5's, ± the MAD of its 15 samples (error bars).' would be cut off"
	exit status 3
}
if (!line_fits(68)) {
	print "plots.gp: vs2005: the line 'Across: 2005's one shot per test over R5's; its spread is not known.' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: vs2005: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: vs2005: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}

# --- history-create: Create: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-create.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Create\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.575627:1.96882]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-create.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-lookup: Lookup: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-lookup.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Lookup\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.659191:1.81039]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-lookup.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson'

# --- history-read: Read: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-read.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Read\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.439998:2.2833]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 9, graph 0 to 9, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 12, graph 0 to 12, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-read.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-flatten: Flatten: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-flatten.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Flatten\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.654114:5.65226]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2, '5' 5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-flatten.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-flattenindividual: FlattenIndividual: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-flattenindividual.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "FlattenIndividual\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.436742:4.18514]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 11, graph 0 to 11, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-flattenindividual.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-unflatten: Unflatten: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-unflatten.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Unflatten\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.376207:1.82025]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflatten.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-unflattenindividual: UnflattenIndividual: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-unflattenindividual.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividual\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.110544:2.14381]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.2' 0.2, '0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 7, graph 0 to 7, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenindividual.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-unflattenvalidated: UnflattenValidated: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-unflattenvalidated.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenValidated\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.771192:1.15042]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenvalidated.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'libbson', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-unflattenindividualvalidated: UnflattenIndividualValidated: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-unflattenindividualvalidated.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "UnflattenIndividualValidated\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.794373:1.1501]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenindividualvalidated.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'libbson', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-send: Send: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-send.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Send\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.61363:1.15068]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-send.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-receive: Receive: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-receive.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Receive\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.556981:1.15068]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 7, graph 0 to 7, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 9, graph 0 to 9, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-receive.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-load: Load: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-load.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Load\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.595163:1.15056]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-load.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- history-save: Save: instructions relative to the first version, per backend
reset
if (format eq 'png') {
	set terminal pngcairo size 980,560 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,560 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/history-save.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Save\ninstructions relative to the first version, per backend"
set logscale y 10
set yrange [0.606553:1.15056]
set xrange [0.5:16.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14, 'c8437c8' 15, '02314e4' 16)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 15, graph 0 to 15, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-save.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 15 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 3 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 1 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#0072B2' title 'libbson', \
	'' skip 1 using 1:14 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

# --- sizes: Sizes: each backend's bytes over the HMF1 size, geometric mean over the messages
reset
if (format eq 'png') {
	set terminal pngcairo size 856,600 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 856,600 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/sizes.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Sizes\neach backend's bytes over the HMF1 size, geometric mean over the messages"
set label 100 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 101 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
if (!line_fits(5)) {
	print "plots.gp: sizes: the line 'Sizes' would be cut off"
	exit status 3
}
if (!line_fits(73)) {
	print "plots.gp: sizes: the line 'each backend's bytes over the HMF1 size, geometric mean over the messages' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: sizes: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: sizes: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set ylabel 'bytes / HMF1 bytes'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal
set tmargin 5
set bmargin 11.90
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb '#909090'
plot 'data/sizes.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'flattened', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'compressed with zstd level 3'

# --- formats: Today's formats: each library's time over the fastest Haiku design's, per operation
reset
if (format eq 'png') {
	set terminal pngcairo size 980,600 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 980,600 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/formats.'.format
set datafile separator ','
set datafile missing '?'
set grid lc rgb '#d8d8d8' lw 1
set title "Today's formats\neach library's time over the fastest Haiku design's, per operation"
set label 100 "Machine: AMD EPYC (2 cores)" at character 1, character 1.75 left textcolor rgb '#505050'
set label 101 "Run: 2026-12-03T18:30:15Z, commit 02314e4e4664" at character 1, character 0.60 left textcolor rgb '#505050'
if (!line_fits(15)) {
	print "plots.gp: formats: the line 'Today's formats' would be cut off"
	exit status 3
}
if (!line_fits(66)) {
	print "plots.gp: formats: the line 'each library's time over the fastest Haiku design's, per operation' would be cut off"
	exit status 3
}
if (!line_fits(27)) {
	print "plots.gp: formats: the line 'Machine: AMD EPYC (2 cores)' would be cut off"
	exit status 3
}
if (!line_fits(46)) {
	print "plots.gp: formats: the line 'Run: 2026-12-03T18:30:15Z, commit 02314e4e4664' would be cut off"
	exit status 3
}
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set ylabel 'time / fastest Haiku design (log scale)'
set xtics rotate by 30 right nomirror
set grid noxtics ytics
set key outside top center horizontal
set tmargin 5
set bmargin 11.90
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb '#909090'
plot \
	'data/formats.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'libbson'
