import ReliefGeometry

/// The colours of the articles (SPEC §2), sRGB 0–255.
public enum Palette {
    public static let offWhite = Color(225, 225, 235)
    public static let darkStart = Color(50, 60, 65)
    public static let darkEnd = Color(25, 25, 30)
    public static let lightStart = Color(60, 160, 240)
    public static let lightEnd = Color(30, 80, 120)
    /// The system gray of the light style's icon and pressed edge.
    public static let gray = Color(142, 142, 147)
    /// Seed 004's mainColor, lightShadow and darkShadow.
    public static let softMain = Color(224, 229, 236)
    public static let softLightShadow = Color(255, 255, 255)
    public static let softDarkShadow = Color(163, 177, 198)
    /// The system green and red of the switch's ON and OFF labels.
    public static let green = Color(52, 199, 89)
    public static let red = Color(255, 59, 48)
}
