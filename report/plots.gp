# plots.gp - draws every plot of README.md from the CSV files in data/.
# Written by `bench report` (harness/report/report_plots.c) with the page; do not edit:
# regenerate with scripts/report. Run from this directory:
#   gnuplot plots.gp                      (SVG, as the page shows them)
#   gnuplot -e "format='png'" plots.gp   (PNG)
if (!exists('format')) format = 'svg'
# The svg terminal draws points larger than pngcairo.
pointscale = (format eq 'png') ? 1.0 : 0.7
set encoding utf8

# --- scaling-create-int32: Create Int32: the N adds into an empty message
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-create-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "Create Int32: the N adds into an empty message"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [1.15846:483282]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-create-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-create-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-create-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-create-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-create-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-create-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-create-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-create-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-create-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-create-string: Create String: the N adds into an empty message
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-create-string.'.format
set datafile separator ','
set datafile missing '?'
set title "Create String: the N adds into an empty message"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [1.14465:502681]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-create-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-create-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-create-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-create-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-create-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-create-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-create-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-create-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-create-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-lookup-int32: Lookup Int32: one lookup by name among N fields
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-lookup-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "Lookup Int32: one lookup by name among N fields"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields in the message (log scale)'
set ylabel 'time per lookup (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [5.30235:9580.99]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000)
set mytics 10
plot \
	'data/scaling-lookup-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-lookup-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005'

# --- scaling-read-int32: Read Int32: the N reads by index of one field
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-read-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "Read Int32: the N reads by index of one field"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [1.15356:177902]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-read-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-read-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-read-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-read-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-read-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-read-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-read-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-read-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-read-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-read-string: Read String: the N reads by index of one field
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-read-string.'.format
set datafile separator ','
set datafile missing '?'
set title "Read String: the N reads by index of one field"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [1.34697:4.3148e+07]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07, '100 ms' 1e+08)
set mytics 10
plot \
	'data/scaling-read-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-read-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-read-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-read-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-read-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-read-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-read-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-read-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-read-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-flatten-int32: Flatten Int32: flattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flatten-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "Flatten Int32: flattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.20997:350731]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-flatten-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-flatten-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-flatten-string: Flatten String: flattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flatten-string.'.format
set datafile separator ','
set datafile missing '?'
set title "Flatten String: flattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.53497:366431]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-flatten-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flatten-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flatten-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flatten-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flatten-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flatten-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flatten-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-flatten-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-flatten-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-flattenindividual-int32: FlattenIndividual Int32: flattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flattenindividual-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "FlattenIndividual Int32: flattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.53121:1.186e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-flattenindividual-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-flattenindividual-string: FlattenIndividual String: flattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-flattenindividual-string.'.format
set datafile separator ','
set datafile missing '?'
set title "FlattenIndividual String: flattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.16578:1.23684e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-flattenindividual-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflatten-int32: Unflatten Int32: unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflatten-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "Unflatten Int32: unflattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.2832:669209]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-unflatten-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflatten-string: Unflatten String: unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflatten-string.'.format
set datafile separator ','
set datafile missing '?'
set title "Unflatten String: unflattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.55858:793044]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-unflatten-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-unflatten-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenindividual-int32: UnflattenIndividual Int32: unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividual-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenIndividual Int32: unflattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.41909:3.21937e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-unflattenindividual-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenindividual-string: UnflattenIndividual String: unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividual-string.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenIndividual String: unflattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.2618:2.88427e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:11 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message3-2005', \
	'data/scaling-unflattenindividual-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenvalidated-int32: UnflattenValidated Int32: the full check, then unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenvalidated-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenValidated Int32: the full check, then unflattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.23198:868657]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenvalidated-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenvalidated-string: UnflattenValidated String: the full check, then unflattening one field of N items
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenvalidated-string.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenValidated String: the full check, then unflattening one field of N items"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: items in the field (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.35404:952885]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06)
set mytics 10
plot \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenvalidated-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenindividualvalidated-int32: UnflattenIndividualValidated Int32: the full check, then unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividualvalidated-int32.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenIndividualValidated Int32: the full check, then unflattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [3.3611:3.1396e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenindividualvalidated-int32.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- scaling-unflattenindividualvalidated-string: UnflattenIndividualValidated String: the full check, then unflattening N fields of one item
reset
if (format eq 'png') {
	set terminal pngcairo size 760,500 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 760,500 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/scaling-unflattenindividualvalidated-string.'.format
set datafile separator ','
set datafile missing '?'
set title "UnflattenIndividualValidated String: the full check, then unflattening N fields of one item"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set xlabel 'N: fields of one item each (log scale)'
set ylabel 'time per operation (log scale)'
set key outside right center box lc rgb '#b0b0b0'
set xtics ('5' 5, '50' 50, '500' 500, '5000' 5000)
unset mxtics
set xrange [3.125:8000]
set yrange [4.09992:3.20866e+06]
set ytics ('1 ns' 1, '10 ns' 10, '100 ns' 100, '1 µs' 1000, '10 µs' 10000, '100 µs' 100000, '1 ms' 1e+06, '10 ms' 1e+07)
set mytics 10
plot \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'R5', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:3 with linespoints lw 2 dt 1 pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:4 with linespoints lw 2 dt 1 pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:5 with linespoints lw 2 dt 1 pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:6 with linespoints lw 2 dt 1 pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:7 with linespoints lw 2 dt 1 pt 6 ps 1.1*pointscale lc rgb '#56B4E9' title 'Message5', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:8 with linespoints lw 2 dt 1 pt 4 ps 1.1*pointscale lc rgb '#CC79A7' title 'Haiku-original', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:9 with linespoints lw 2 dt 1 pt 8 ps 1.1*pointscale lc rgb '#8C6D31' title 'Message1-2005', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:10 with linespoints lw 2 dt 1 pt 7 ps 1.1*pointscale lc rgb '#000000' title 'Message2-2005', \
	'data/scaling-unflattenindividualvalidated-string.csv' skip 1 using 1:12 with linespoints lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '#7F7F7F' title 'Floor (memcpy)'

# --- relative-5: 5 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2464,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2464,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-5.'.format
set datafile separator ','
set datafile missing '?'
set title "5 items: each backend's time relative to the fastest, per test"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:180.944]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100)
set mytics 1
plot \
	'data/relative-5.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- relative-50: 50 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2464,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2464,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-50.'.format
set datafile separator ','
set datafile missing '?'
set title "50 items: each backend's time relative to the fastest, per test"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:651.629]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500)
set mytics 1
plot \
	'data/relative-50.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- relative-500: 500 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2464,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2464,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-500.'.format
set datafile separator ','
set datafile missing '?'
set title "500 items: each backend's time relative to the fastest, per test"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:2040.01]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set mytics 1
plot \
	'data/relative-500.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- relative-5000: 5000 items: each backend's time relative to the fastest, per test
reset
if (format eq 'png') {
	set terminal pngcairo size 2464,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 2464,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/relative-5000.'.format
set datafile separator ','
set datafile missing '?'
set title "5000 items: each backend's time relative to the fastest, per test"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:4967.01]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20, '50' 50, '100' 100, '200' 200, '500' 500, '1000' 1000, '2000' 2000)
set mytics 1
plot \
	'data/relative-5000.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- real-send: Send: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 1276,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 1276,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-send.'.format
set datafile separator ','
set datafile missing '?'
set title "Send: each backend's time relative to the fastest, per message"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:24.8145]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-send.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- real-receive: Receive: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 1276,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 1276,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-receive.'.format
set datafile separator ','
set datafile missing '?'
set title "Receive: each backend's time relative to the fastest, per message"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:36.5677]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-receive.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- real-load: Load: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 880,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 880,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-load.'.format
set datafile separator ','
set datafile missing '?'
set title "Load: each backend's time relative to the fastest, per message"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:39.4512]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-load.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- real-save: Save: each backend's time relative to the fastest, per message
reset
if (format eq 'png') {
	set terminal pngcairo size 880,520 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 880,520 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/real-save.'.format
set datafile separator ','
set datafile missing '?'
set title "Save: each backend's time relative to the fastest, per message"
set grid lc rgb '#d8d8d8' lw 1
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border rgb '#404040'
set logscale y 10
set yrange [0.7:22.063]
set ylabel 'time / time of the fastest backend (log scale)'
set xtics rotate by -30 left nomirror
set grid noxtics ytics
set key outside top center horizontal reverse Left
set bmargin 7
set rmargin 8
set ytics ('1' 1, '2' 2, '5' 5, '10' 10, '20' 20)
set mytics 1
plot \
	'data/real-save.csv' skip 1 using 2:xtic(1) lc rgb '#000000' title 'R5', \
	'' skip 1 using 3 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 4 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 5 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 6 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 7 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 8 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 9 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 10 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 11 lc rgb '#E69F00' title 'Message3-2005'

# --- vs2005: 2005 against today: time relative to R5 on the same test
reset
if (format eq 'png') {
	set terminal pngcairo size 720,780 noenhanced font 'Arial,11' linewidth 1.2 background rgb 'white'
} else {
	set terminal svg size 720,780 noenhanced font 'Arial,13' linewidth 1.2 background rgb 'white'
}
set output 'plots/vs2005.'.format
set datafile separator ','
set datafile missing '?'
set title "2005 against today: time relative to R5 on the same test"
set grid lc rgb '#d8d8d8' lw 1
set logscale xy 10
set size ratio -1
set xrange [0.00160642:2064.31]
set yrange [0.00160642:2064.31]
set xlabel '2005: time / time of R5 on the same test (log scale)'
set ylabel 'today: time / time of R5 on the same test (log scale)'
set key outside bottom center horizontal reverse Left box lc rgb '#b0b0b0' spacing 1.2
set bmargin 9
set arrow from 0.00160642,1 to 2064.31,1 nohead dt 3 lc rgb '#909090'
set arrow from 1,0.00160642 to 1,2064.31 nohead dt 3 lc rgb '#909090'
set label "faster than R5 in 2005,\nslower today" at graph 0.02,0.96 left textcolor rgb '#606060'
set label "slower than R5 in 2005,\nfaster today" at graph 0.98,0.07 right textcolor rgb '#606060'
set xtics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set mxtics 10
set ytics ('0.001' 0.001, '0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000, '10000' 10000)
set mytics 10
set samples 200
plot \
	x with lines dt 2 lw 1.5 lc rgb '#909090' title 'same ratio then and now', \
	'data/vs2005.csv' skip 1 using 2:3 with points pt 5 ps 1.1*pointscale lc rgb '#E69F00' title 'Message1', \
	'data/vs2005.csv' skip 1 using 4:5 with points pt 9 ps 1.1*pointscale lc rgb '#0072B2' title 'Message2', \
	'data/vs2005.csv' skip 1 using 6:7 with points pt 11 ps 1.1*pointscale lc rgb '#009E73' title 'Message3', \
	'data/vs2005.csv' skip 1 using 8:9 with points pt 13 ps 1.1*pointscale lc rgb '#D55E00' title 'Message4'

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
set title "Create: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.699044:1.96882]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-create.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Lookup: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.840326:1.81039]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-lookup.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005'

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
set title "Read: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.654799:2.2833]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 9, graph 0 to 9, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 12, graph 0 to 12, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-read.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Flatten: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.66663:5.65226]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2, '5' 5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-flatten.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "FlattenIndividual: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.440076:4.18514]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
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
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Unflatten: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.439045:1.82025]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflatten.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "UnflattenIndividual: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.120712:2.14381]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.2' 0.2, '0.5' 0.5, '0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1, '1.25' 1.25, '1.5' 1.5, '2' 2)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 4, graph 0 to 4, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 7, graph 0 to 7, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenindividual.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "UnflattenValidated: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.827275:1.15042]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenvalidated.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "UnflattenIndividualValidated: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.807099:1.1501]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-unflattenindividualvalidated.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Send: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.673651:1.15068]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-send.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Receive: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.680765:1.15068]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 7, graph 0 to 7, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 9, graph 0 to 9, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-receive.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Load: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.724557:1.15056]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-load.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'

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
set title "Save: instructions relative to the first version, per backend"
set grid lc rgb '#d8d8d8' lw 1
set logscale y 10
set yrange [0.668968:1.15056]
set xrange [0.5:14.5]
set ylabel 'instructions / those of the first version (log scale)'
set xlabel 'committed versions of the baseline, oldest first (dotted: a cell moved; dashed: a new era)'
set key outside right top vertical Left reverse
set grid noxtics ytics
set tmargin 4
set bmargin 7
set ytics ('0.8' 0.8, '0.9' 0.9, '1' 1, '1.1' 1.1)
set mytics 1
set xtics rotate by -45 left nomirror ('101a958' 1, '51f7471' 2, 'b69f6ad' 3, 'c15bf60' 4, 'ff10cbd' 5, '047cf81' 6, '7c7724a' 7, '23864d9' 8, 'fcc0604' 9, '2e6cd12' 10, '5a6a021' 11, 'e864e68' 12, '20c9dd6' 13, 'f04855c' 14)
set arrow from 3, graph 0 to 3, graph 1 nohead dt 2 lw 1.5 lc rgb '#D55E00'
set label 'new pin or toolchain' at 3, graph 1.03 center textcolor rgb '#D55E00'
set arrow from 5, graph 0 to 5, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 6, graph 0 to 6, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 10, graph 0 to 10, graph 1 nohead dt 3 lc rgb '#909090'
set arrow from 13, graph 0 to 13, graph 1 nohead dt 3 lc rgb '#909090'
plot \
	'data/history-save.csv' skip 1 using 1:3 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#000000' title 'R5', \
	'' skip 1 using 1:4 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#E69F00' title 'Message1', \
	'' skip 1 using 1:5 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#0072B2' title 'Message2', \
	'' skip 1 using 1:6 with linespoints pt 11 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#009E73' title 'Message3', \
	'' skip 1 using 1:7 with linespoints pt 13 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#D55E00' title 'Message4', \
	'' skip 1 using 1:8 with linespoints pt 6 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#56B4E9' title 'Message5', \
	'' skip 1 using 1:9 with linespoints pt 4 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#CC79A7' title 'Haiku-original', \
	'' skip 1 using 1:10 with linespoints pt 8 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#8C6D31' title 'Message1-2005', \
	'' skip 1 using 1:11 with linespoints pt 7 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#000000' title 'Message2-2005', \
	'' skip 1 using 1:12 with linespoints pt 5 ps 0.9*pointscale lw 1.5 dt 2 lc rgb '#E69F00' title 'Message3-2005', \
	'' skip 1 using 1:13 with linespoints pt 9 ps 0.9*pointscale lw 1.5 dt 1 lc rgb '#7F7F7F' title 'Floor'
