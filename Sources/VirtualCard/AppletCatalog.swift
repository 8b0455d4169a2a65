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
    /// matcher at its FMR 1/10 000 threshold. Nil while the engine (issue 4) has not delivered
    /// that matcher, so the card then carries only the demo applet.
    public static var defaultComparison: (any OnCardComparison)? { nil }
}
