/// Hard bounds that keep any script, however written or mangled, finite and small.
public enum ScriptLimits {
    /// The largest `repeat N`.
    public static let maximumRepeatCount = 10_000
    /// The largest product of the counts of nested `repeat` blocks (an upper bound on how often
    /// one statement can run).
    public static let maximumRepeatProduct = 100_000
    /// How deeply blocks (`test`, `repeat`) may nest.
    public static let maximumNesting = 32
    /// How deeply `include` may nest.
    public static let maximumIncludeDepth = 16
    /// The longest `sleep`.
    public static let maximumSleep = Duration.seconds(600)
}
