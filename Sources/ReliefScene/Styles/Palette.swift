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

    // The accessible variants (`contrast=high`), not in the articles; docs/ACCESSIBILITY.md gives
    // each colour's contrast against what it sits on.

    /// Icons and labels on the light and soft surfaces: 8.4:1 on offWhite, 8.7:1 on soft main (AAA).
    public static let strongGray = Color(60, 60, 66)
    /// The outline ringing light and soft controls at rest: 4.9:1 on offWhite and 5.0:1 on soft
    /// main, and still 3.5:1 and 3.3:1 where their dark shadows deepen the background (WCAG 1.4.11).
    public static let outlineGray = Color(95, 95, 100)
    /// The outline of a pressed light or soft control: 3.3:1 against the at-rest outline, so the
    /// state shows in the outline as well as in the shading.
    public static let pressedOutline = Color(0, 0, 0)
    /// The outline of dark controls at rest: 3.6:1 against darkStart; a white outline (pressed) is 3.1:1 against it.
    public static let outlineSilver = Color(140, 146, 150)
    /// The colorful ring's top-left end; its bottom-right end becomes lightStart (6.2:1 on darkEnd
    /// where lightEnd had 2.1:1).
    public static let ringBright = Color(130, 200, 255)
    /// The colorful style's pressed fill ends here instead of at lightStart: a white icon keeps
    /// 4.5:1 over the middle of the fill, where icons and labels sit (4.3:1 at the far corner, 2.8:1
    /// on lightStart), and the fill differs from the at-rest darkEnd by 3.8:1.
    public static let pressedBlue = Color(44, 125, 200)
    /// The switch's ON and OFF labels on a light track: 4.8:1 and 5.0:1 on soft main (AA).
    public static let strongGreen = Color(0, 115, 40)
    public static let strongRed = Color(190, 20, 20)
}
