//! The loss curve of a network training run, as CSV and as an SVG chart.

use super::trainer::NetTrainReport;
use crate::plot::{line_chart_svg, Series};
use crate::Error;
use std::path::{Path, PathBuf};

/// The curve as CSV: `epoch,train_loss,valid_loss,learning_rate,positions_per_second`.
pub fn net_loss_csv(report: &NetTrainReport) -> String {
    let mut out = String::from("epoch,train_loss,valid_loss,learning_rate,positions_per_second\n");
    for e in &report.epochs {
        out.push_str(&format!(
            "{},{:.8},{:.8},{:.6},{:.0}\n",
            e.epoch, e.train_loss, e.valid_loss, e.learning_rate, e.positions_per_second
        ));
    }
    out
}

/// The curve as an SVG chart.
pub fn net_loss_svg(report: &NetTrainReport) -> String {
    let series = |name: &str, color, f: fn(&super::trainer::NetEpoch) -> f64| Series {
        name: name.into(),
        color,
        points: report.epochs.iter().map(|e| (e.epoch as f64, f(e))).collect(),
    };
    let train = series("training loss", "#1f77b4", |e| e.train_loss);
    let valid = series("validation loss", "#d62728", |e| e.valid_loss);
    let title = format!("Network training (best epoch {})", report.best_epoch);
    line_chart_svg(&title, "epoch", "mean squared error", &[train, valid])
}

/// Writes `<stem>.csv` and `<stem>.svg`.
pub fn write_net_loss_curve(report: &NetTrainReport, stem: &Path) -> Result<(), Error> {
    for (ext, text) in [("csv", net_loss_csv(report)), ("svg", net_loss_svg(report))] {
        let mut path = stem.as_os_str().to_owned();
        path.push(format!(".{ext}"));
        let path = PathBuf::from(path);
        std::fs::write(&path, text).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}
