//! A small SVG line chart, enough to look at a loss curve in a browser without extra crates.

use std::fmt::Write;

/// One named line of `(x, y)` points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// CSS colour of the line.
    pub color: &'static str,
    /// The points, in drawing order.
    pub points: Vec<(f64, f64)>,
}

/// Renders series as an SVG document with axes, ticks, a title and a legend.
pub fn line_chart_svg(title: &str, x_label: &str, y_label: &str, series: &[Series]) -> String {
    let (width, height) = (720.0, 440.0);
    let (left, right, top, bottom) = (80.0, 20.0, 40.0, 50.0);
    let finite = series.iter().flat_map(|s| s.points.iter()).filter(|(x, y)| x.is_finite() && y.is_finite());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in finite {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    if x1 - x0 < 1e-12 {
        x1 = x0 + 1.0;
    }
    let pad = ((y1 - y0) * 0.05).max(1e-9);
    y0 -= pad;
    y1 += pad;
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let sx = |x: f64| left + (x - x0) / (x1 - x0) * plot_w;
    let sy = |y: f64| top + (1.0 - (y - y0) / (y1 - y0)) * plot_h;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    // Axes and ticks.
    let _ = writeln!(
        svg,
        r#"<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>"#
    );
    for i in 0..=5 {
        let t = i as f64 / 5.0;
        let (xv, yv) = (x0 + t * (x1 - x0), y0 + t * (y1 - y0));
        let (px, py) = (sx(xv), sy(yv));
        let _ = writeln!(
            svg,
            r##"<line x1="{px:.2}" y1="{top}" x2="{px:.2}" y2="{}" stroke="#ddd"/><text x="{px:.2}" y="{}" text-anchor="middle">{}</text>"##,
            top + plot_h,
            top + plot_h + 16.0,
            tick(xv)
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" y1="{py:.2}" x2="{}" y2="{py:.2}" stroke="#ddd"/><text x="{}" y="{:.2}" text-anchor="end">{}</text>"##,
            left + plot_w,
            left - 6.0,
            py + 4.0,
            tick(yv)
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        left + plot_w / 2.0,
        height - 12.0,
        escape(x_label)
    );
    let _ = writeln!(
        svg,
        r#"<text x="16" y="{}" text-anchor="middle" transform="rotate(-90 16 {})">{}</text>"#,
        top + plot_h / 2.0,
        top + plot_h / 2.0,
        escape(y_label)
    );
    for (i, s) in series.iter().enumerate() {
        let path: Vec<String> = s
            .points
            .iter()
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .map(|&(x, y)| format!("{:.2},{:.2}", sx(x), sy(y)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{}" stroke-width="2" points="{}"/>"#,
            s.color,
            path.join(" ")
        );
        let ly = top + 16.0 + 18.0 * i as f64;
        let lx = left + plot_w - 170.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="3"/><text x="{}" y="{}">{}</text>"#,
            lx + 24.0,
            s.color,
            lx + 30.0,
            ly + 4.0,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn tick(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".to_string()
    } else if !(0.01..1e5).contains(&a) {
        format!("{v:.2e}")
    } else if a < 1.0 {
        format!("{v:.4}")
    } else {
        format!("{v:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_maps_extremes_to_the_plot_corners() {
        let s = Series { name: "a<b".into(), color: "red", points: vec![(0.0, 1.0), (10.0, 3.0)] };
        let svg = line_chart_svg("t", "x", "y", &[s]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("a&lt;b"));
        // x = 0 is the left edge (80), x = 10 the right edge (700).
        assert!(svg.contains("points=\"80.00,"), "{svg}");
        assert!(svg.contains(" 700.00,"), "{svg}");
    }
}
