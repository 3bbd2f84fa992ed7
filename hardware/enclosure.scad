// Le Nôtre enclosure: a tray for the Pico and a lid with the OLED window, a hole for each
// button of the pinout (in a cross around "ok") and a window for each pixel.
// Render one piece at a time for printing:  openscad -D 'part="lid"' -o lid.stl enclosure.scad
// ("lid" comes out face down, ready to print). Sizes in mm: measure your parts and adjust.
// The buttons sit on a scrap of perfboard under the lid, the OLED in its recess.

part = "both";  // "base", "lid", or "both" (assembled view, lid lifted)

// generated:pinout (python hardware/make_diagram.py; edit hardware/pinout.json instead)
buttons = ["up", "down", "back", "next", "ok"];
pixels = 8;
// /generated:pinout

wall = 2;
inner = [110, 72];       // inside of the tray, x by y
depth = 26;              // inside height of the tray
floor_t = 2;
lid_t = 2.4;
lip = 3;                 // how far the lid's lip reaches into the tray
fit = 0.3;               // clearance of the lip
r = 3;                   // corner radius

oled_window = [25, 14];  // the visible part of a 0.96" SSD1306, a little generous
oled_pcb = [28, 28.5];   // its board, in a recess under the lid
oled_at = [-28, 6];
button_d = 12.8;         // a hole for a 12x12 mm tactile switch's round cap
button_pitch = 17;
buttons_at = [27, -4];   // the "ok" button, centre of the cross
pixel_pitch = 6.35;      // NeoPixel Stick 8: 8 pixels over 51 mm
pixel_window = 4;
pixels_at = [-22, 27];   // centre of the row of pixel windows

pico = [51, 21];         // the board, USB end against the left wall
pico_holes = [[2, 4.8], [2, 16.2], [49, 4.8], [49, 16.2]];  // from its USB-end corner
standoff = 5;
usb = [12, 8];           // opening for the micro-USB plug

$fn = 40;

function place(role) =
    role == "ok" ? [0, 0] : role == "up" ? [0, 1] : role == "down" ? [0, -1] :
    role == "back" ? [-1, 0] : role == "next" ? [1, 0] : undef;

module rounded(size, h, rad = r) {
    linear_extrude(h) offset(rad) offset(-rad) square(size, center = true);
}

module base() {
    outer = inner + [2 * wall, 2 * wall];
    pico_at = [-inner.x / 2, -inner.y / 2 + 6];
    difference() {
        rounded(outer, floor_t + depth);
        translate([0, 0, floor_t]) rounded(inner, depth + 1, r - wall / 2);
        // micro-USB: centred on the Pico's short edge, at the height of its socket
        translate([-inner.x / 2 - wall - 1, pico_at.y + pico.y / 2 - usb.x / 2, floor_t + standoff - 1])
            cube([wall + 2, usb.x, usb.y]);
    }
    for (h = pico_holes)
        translate([pico_at.x + h.x, pico_at.y + h.y, floor_t])
            difference() {
                cylinder(d = 4.5, h = standoff);
                cylinder(d = 1.8, h = standoff + 1);  // M2 self-tapping screw
            }
}

module lid() {  // as it sits on the tray: face up, the lip down inside the tray
    difference() {
        union() {
            rounded(inner + [2 * wall, 2 * wall], lid_t);
            translate([0, 0, -lip]) difference() {
                rounded(inner - [2 * fit, 2 * fit], lip, r - wall / 2);
                translate([0, 0, -1]) rounded(inner - [2 * fit + 2 * wall, 2 * fit + 2 * wall], lip + 2, 1);
            }
        }
        through = lid_t + lip + 2;
        translate([oled_at.x, oled_at.y, -lip - 1]) linear_extrude(through) square(oled_window, center = true);
        translate([oled_at.x, oled_at.y, -lip - 1]) linear_extrude(lip + 2) square(oled_pcb, center = true);
        for (b = buttons) {
            p = place(b);
            assert(p != undef, str("enclosure.scad: no place in the cross for button ", b));
            translate([buttons_at.x + p.x * button_pitch, buttons_at.y + p.y * button_pitch, -lip - 1])
                cylinder(d = button_d, h = through);
        }
        for (i = [0 : pixels - 1])  // pixel 0 (the DIN end) on the left
            translate([pixels_at.x + (i - (pixels - 1) / 2) * pixel_pitch, pixels_at.y, -lip - 1])
                linear_extrude(through) square(pixel_window, center = true);
    }
}

if (part == "base") base();
if (part == "lid") translate([0, 0, lid_t]) rotate([0, 180, 0]) lid();  // face down to print
if (part == "both") {
    base();
    translate([0, 0, floor_t + depth + 25]) lid();
}
