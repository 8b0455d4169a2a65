/// The applets `pbtool card emulate` installs on its card: one line per applet.
public enum AppletCatalog {
    /// A fresh instance of every applet, in SELECT-by-partial-AID priority order.
    public static func all() -> [any Applet] {
        [
            DemoApplet(),
        ]
    }
}
