import Fingerprint

/// The applets `pbtool card emulate` installs on its card: one line per applet.
public enum AppletCatalog {
    /// A fresh instance of every applet, in SELECT-by-partial-AID priority order.
    ///
    /// The biometric applets (BioManager, with the IDStore sharing its security state, and the
    /// `pb-iso` match-on-card applet) are installed when there is an on-card comparison to give
    /// them; `defaultComparison` is the engine's compact-card matcher.
    public static func all(comparison: (any OnCardComparison)? = defaultComparison) -> [any Applet] {
        var applets: [any Applet] = [DemoApplet()]
        if let comparison {
            let bioManager = BioManagerApplet(comparison: comparison)
            applets.append(bioManager)
            applets.append(IDStoreApplet(security: bioManager.security))
            applets.append(ISOMatchOnCardApplet(comparison: comparison))
        }
        return applets
    }

    /// The comparison the card's biometric applets run: the `Fingerprint` engine's compact-card
    /// matcher (`EngineComparison`) at the score its calibration gives for a false-match rate of
    /// 1/10,000 (`Threshold.defaultFalseMatchRate`), as a Precise card's fixed threshold does.
    public static var defaultComparison: any OnCardComparison {
        EngineComparison(threshold: Threshold.forFalseMatchRate(Threshold.defaultFalseMatchRate, matcher: .card).score)
    }
}
