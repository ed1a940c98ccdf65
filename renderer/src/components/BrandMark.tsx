/** The app's logo, the same drawing as its installer and window icon (assets/icon.svg). */
import icon from '../../../assets/icon.svg';

export function BrandMark() {
  return <img className="brand-mark" src={icon} alt="" />;
}
