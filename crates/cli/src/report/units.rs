//! Numbers as reports print them: digits grouped by thousands, byte sizes in binary units.

/// `n` with commas between groups of three digits.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    // Digits before the first comma: 1 to 3.
    let head = match digits.len() % 3 {
        0 => 3,
        r => r,
    };
    let mut out = digits[..head.min(digits.len())].to_string();
    for group in digits.as_bytes()[head.min(digits.len())..].chunks(3) {
        out.push(',');
        out.push_str(std::str::from_utf8(group).unwrap_or_default());
    }
    out
}

/// `n` bytes in binary units (`1.5 KiB`): the tables' own wording.
pub use minishogi_tablebase::error::binary_units as human_bytes;

#[cfg(test)]
mod tests {
    use super::{human_bytes, thousands};

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(194_365_512), "194,365,512");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn byte_sizes_use_binary_units() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(3 << 30), "3.0 GiB");
    }
}
