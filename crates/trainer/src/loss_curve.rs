//! The loss curve of a tuning run, as CSV and as an SVG chart.

use crate::texel::TuneReport;
use crate::Error;
use std::path::{Path, PathBuf};

/// Writes `<stem>.csv` (epoch, losses, speed) and `<stem>.svg` (the losses plotted); the
/// extensions are appended, so a stem `round1.loss` gives `round1.loss.csv`.
pub fn write_loss_curve(report: &TuneReport, stem: &Path) -> Result<(), Error> {
    for (ext, text) in [("csv", loss_csv(report)), ("svg", loss_svg(report))] {
        let mut path = stem.as_os_str().to_owned();
        path.push(format!(".{ext}"));
        let path = PathBuf::from(path);
        std::fs::write(&path, text).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

/// The loss curve as CSV: `epoch,train_loss,valid_loss,positions_per_second`.
pub fn loss_csv(report: &TuneReport) -> String {
    let mut out = String::from("epoch,train_loss,valid_loss,positions_per_second\n");
    for e in &report.epochs {
        out.push_str(&format!(
            "{},{:.8},{:.8},{:.0}\n",
            e.epoch, e.train_loss, e.valid_loss, e.positions_per_second
        ));
    }
    out
}

/// The loss curve as an SVG chart.
pub fn loss_svg(report: &TuneReport) -> String {
    use crate::plot::{line_chart_svg, Series};
    let train = Series {
        name: "training loss".into(),
        color: "#1f77b4",
        points: report.epochs.iter().map(|e| (e.epoch as f64, e.train_loss)).collect(),
    };
    let valid = Series {
        name: "validation loss".into(),
        color: "#d62728",
        points: report.epochs.iter().map(|e| (e.epoch as f64, e.valid_loss)).collect(),
    };
    let title = format!("Texel tuning, K = {:.1} (best epoch {})", report.k, report.best_epoch);
    line_chart_svg(&title, "epoch", "mean squared error", &[train, valid])
}
