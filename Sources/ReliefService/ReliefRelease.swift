import ReliefRender

/// Which Relief this is, for `relief --version` and the `relief_build_info` metric.
public enum ReliefRelease {
    /// The release version. Raise it with every release, by semantic versioning.
    public static let version = "0.9.0"
    /// The renderer's version, part of every image's `ETag` (``Renderer/version``).
    public static let rendererVersion = Renderer.version
}
